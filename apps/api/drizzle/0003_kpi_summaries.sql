CREATE TABLE "kpi_collected" (
	"company_id" integer NOT NULL,
	"day" date NOT NULL,
	"currency" "currency" NOT NULL,
	"movements" integer DEFAULT 0 NOT NULL,
	"amount" numeric(20, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "kpi_collected_company_id_day_currency_pk" PRIMARY KEY("company_id","day","currency")
);
--> statement-breakpoint
CREATE TABLE "kpi_placed" (
	"company_id" integer NOT NULL,
	"day" date NOT NULL,
	"debt_type_id" integer NOT NULL,
	"currency" "currency" NOT NULL,
	"debts" integer DEFAULT 0 NOT NULL,
	"original_amount" numeric(20, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "kpi_placed_company_id_day_debt_type_id_currency_pk" PRIMARY KEY("company_id","day","debt_type_id","currency")
);
--> statement-breakpoint
CREATE TABLE "kpi_portfolio" (
	"company_id" integer NOT NULL,
	"collection_type_id" integer NOT NULL,
	"currency" "currency" NOT NULL,
	"debts" integer DEFAULT 0 NOT NULL,
	"original_amount" numeric(20, 2) DEFAULT '0' NOT NULL,
	"paid_amount" numeric(20, 2) DEFAULT '0' NOT NULL,
	"balance" numeric(20, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "kpi_portfolio_company_id_collection_type_id_currency_pk" PRIMARY KEY("company_id","collection_type_id","currency")
);
--> statement-breakpoint
CREATE TABLE "kpi_unpaid_quotas" (
	"company_id" integer NOT NULL,
	"due_date" date NOT NULL,
	"currency" "currency" NOT NULL,
	"quotas" integer DEFAULT 0 NOT NULL,
	"amount" numeric(20, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "kpi_unpaid_quotas_company_id_due_date_currency_pk" PRIMARY KEY("company_id","due_date","currency")
);
--> statement-breakpoint
-- The agency's day of an instant (UTC−3, as packages/shared/src/dates.ts).
CREATE FUNCTION kpi_day(at timestamptz) RETURNS date LANGUAGE sql IMMUTABLE AS $$
  SELECT ((at AT TIME ZONE 'UTC') - interval '3 hours')::date
$$;
--> statement-breakpoint
CREATE FUNCTION kpi_add_placed(c integer, d date, t integer, cur currency, n integer, amount numeric) RETURNS void LANGUAGE sql AS $$
  INSERT INTO kpi_placed AS k (company_id, day, debt_type_id, currency, debts, original_amount)
  VALUES (c, d, t, cur, n, amount)
  ON CONFLICT (company_id, day, debt_type_id, currency)
  DO UPDATE SET debts = k.debts + EXCLUDED.debts, original_amount = k.original_amount + EXCLUDED.original_amount
$$;
--> statement-breakpoint
CREATE FUNCTION kpi_add_collected(c integer, d date, cur currency, n integer, amount numeric) RETURNS void LANGUAGE sql AS $$
  INSERT INTO kpi_collected AS k (company_id, day, currency, movements, amount)
  VALUES (c, d, cur, n, amount)
  ON CONFLICT (company_id, day, currency)
  DO UPDATE SET movements = k.movements + EXCLUDED.movements, amount = k.amount + EXCLUDED.amount
$$;
--> statement-breakpoint
CREATE FUNCTION kpi_add_unpaid(c integer, d date, cur currency, n integer, amount numeric) RETURNS void LANGUAGE sql AS $$
  INSERT INTO kpi_unpaid_quotas AS k (company_id, due_date, currency, quotas, amount)
  VALUES (c, d, cur, n, amount)
  ON CONFLICT (company_id, due_date, currency)
  DO UPDATE SET quotas = k.quotas + EXCLUDED.quotas, amount = k.amount + EXCLUDED.amount
$$;
--> statement-breakpoint
CREATE FUNCTION kpi_add_portfolio(c integer, t integer, cur currency, n integer, original numeric, paid numeric, bal numeric) RETURNS void LANGUAGE sql AS $$
  INSERT INTO kpi_portfolio AS k (company_id, collection_type_id, currency, debts, original_amount, paid_amount, balance)
  VALUES (c, coalesce(t, 0), cur, n, original, paid, bal)
  ON CONFLICT (company_id, collection_type_id, currency)
  DO UPDATE SET debts = k.debts + EXCLUDED.debts, original_amount = k.original_amount + EXCLUDED.original_amount,
    paid_amount = k.paid_amount + EXCLUDED.paid_amount, balance = k.balance + EXCLUDED.balance
$$;
--> statement-breakpoint
-- A debt's own figures; when its company or currency changes, its payments, deposits and unpaid
-- quotas move with it.
CREATE FUNCTION kpi_debts_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  placed_changed boolean := TG_OP <> 'UPDATE' OR
    (OLD.company_id, OLD.created_at, OLD.debt_type_id, OLD.currency, OLD.original_amount) IS DISTINCT FROM
    (NEW.company_id, NEW.created_at, NEW.debt_type_id, NEW.currency, NEW.original_amount);
  portfolio_changed boolean := TG_OP <> 'UPDATE' OR
    (OLD.company_id, OLD.collection_type_id, OLD.currency, OLD.original_amount, OLD.paid_amount, OLD.balance) IS DISTINCT FROM
    (NEW.company_id, NEW.collection_type_id, NEW.currency, NEW.original_amount, NEW.paid_amount, NEW.balance);
BEGIN
  IF TG_OP <> 'INSERT' THEN
    IF placed_changed THEN
      PERFORM kpi_add_placed(OLD.company_id, kpi_day(OLD.created_at), OLD.debt_type_id, OLD.currency, -1, -OLD.original_amount);
    END IF;
    IF portfolio_changed THEN
      PERFORM kpi_add_portfolio(OLD.company_id, OLD.collection_type_id, OLD.currency, -1, -OLD.original_amount, -OLD.paid_amount, -OLD.balance);
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    IF placed_changed THEN
      PERFORM kpi_add_placed(NEW.company_id, kpi_day(NEW.created_at), NEW.debt_type_id, NEW.currency, 1, NEW.original_amount);
    END IF;
    IF portfolio_changed THEN
      PERFORM kpi_add_portfolio(NEW.company_id, NEW.collection_type_id, NEW.currency, 1, NEW.original_amount, NEW.paid_amount, NEW.balance);
    END IF;
  END IF;
  IF TG_OP = 'UPDATE' AND (OLD.company_id <> NEW.company_id OR OLD.currency <> NEW.currency) THEN
    PERFORM kpi_add_collected(OLD.company_id, m.day, OLD.currency, -m.n::integer, -m.amount),
      kpi_add_collected(NEW.company_id, m.day, NEW.currency, m.n::integer, m.amount)
    FROM (SELECT day, count(*) AS n, sum(amount) AS amount FROM (
      SELECT paid_at AS day, amount FROM payments WHERE debt_id = NEW.id
      UNION ALL SELECT deposited_at, amount FROM deposits WHERE debt_id = NEW.id) x GROUP BY day) m;
    PERFORM kpi_add_unpaid(OLD.company_id, q.due_date, OLD.currency, -q.n::integer, -q.amount),
      kpi_add_unpaid(NEW.company_id, q.due_date, NEW.currency, q.n::integer, q.amount)
    FROM (SELECT due_date, count(*) AS n, sum(amount + mora_amount) AS amount FROM quotas
      WHERE debt_id = NEW.id AND status IN ('PENDIENTE', 'EN_MORA') GROUP BY due_date) q;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER kpi_debts AFTER INSERT OR DELETE OR UPDATE OF company_id, debt_type_id, currency, created_at, original_amount, collection_type_id, paid_amount, balance
  ON debts FOR EACH ROW EXECUTE FUNCTION kpi_debts_trigger();
--> statement-breakpoint
-- Payments and deposits: the debt's company and currency, the movement's date.
CREATE FUNCTION kpi_money_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_day date;
  new_day date;
BEGIN
  IF TG_TABLE_NAME = 'payments' THEN
    IF TG_OP <> 'INSERT' THEN old_day := OLD.paid_at; END IF;
    IF TG_OP <> 'DELETE' THEN new_day := NEW.paid_at; END IF;
  ELSE
    IF TG_OP <> 'INSERT' THEN old_day := OLD.deposited_at; END IF;
    IF TG_OP <> 'DELETE' THEN new_day := NEW.deposited_at; END IF;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    PERFORM kpi_add_collected(d.company_id, old_day, d.currency, -1, -OLD.amount) FROM debts d WHERE d.id = OLD.debt_id;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM kpi_add_collected(d.company_id, new_day, d.currency, 1, NEW.amount) FROM debts d WHERE d.id = NEW.debt_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER kpi_payments AFTER INSERT OR DELETE OR UPDATE OF debt_id, amount, paid_at
  ON payments FOR EACH ROW EXECUTE FUNCTION kpi_money_trigger();
--> statement-breakpoint
CREATE TRIGGER kpi_deposits AFTER INSERT OR DELETE OR UPDATE OF debt_id, amount, deposited_at
  ON deposits FOR EACH ROW EXECUTE FUNCTION kpi_money_trigger();
--> statement-breakpoint
CREATE FUNCTION kpi_quotas_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.status IN ('PENDIENTE', 'EN_MORA') THEN
    PERFORM kpi_add_unpaid(d.company_id, OLD.due_date, d.currency, -1, -(OLD.amount + OLD.mora_amount)) FROM debts d WHERE d.id = OLD.debt_id;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.status IN ('PENDIENTE', 'EN_MORA') THEN
    PERFORM kpi_add_unpaid(d.company_id, NEW.due_date, d.currency, 1, NEW.amount + NEW.mora_amount) FROM debts d WHERE d.id = NEW.debt_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER kpi_quotas AFTER INSERT OR DELETE OR UPDATE OF debt_id, amount, mora_amount, due_date, status
  ON quotas FOR EACH ROW EXECUTE FUNCTION kpi_quotas_trigger();
--> statement-breakpoint
-- What is there already.
INSERT INTO kpi_placed (company_id, day, debt_type_id, currency, debts, original_amount)
  SELECT company_id, kpi_day(created_at), debt_type_id, currency, count(*), sum(original_amount) FROM debts GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
INSERT INTO kpi_portfolio (company_id, collection_type_id, currency, debts, original_amount, paid_amount, balance)
  SELECT company_id, coalesce(collection_type_id, 0), currency, count(*), sum(original_amount), sum(paid_amount), sum(balance) FROM debts GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO kpi_collected (company_id, day, currency, movements, amount)
  SELECT d.company_id, m.day, d.currency, count(*), sum(m.amount) FROM (
    SELECT debt_id, paid_at AS day, amount FROM payments
    UNION ALL SELECT debt_id, deposited_at, amount FROM deposits) m
  JOIN debts d ON d.id = m.debt_id GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO kpi_unpaid_quotas (company_id, due_date, currency, quotas, amount)
  SELECT d.company_id, q.due_date, d.currency, count(*), sum(q.amount + q.mora_amount) FROM quotas q
  JOIN debts d ON d.id = q.debt_id WHERE q.status IN ('PENDIENTE', 'EN_MORA') GROUP BY 1, 2, 3;
