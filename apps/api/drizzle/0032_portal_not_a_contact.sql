-- Issue 34: what the debtor does in the portal (and what its gateway records) is written in the
-- timeline as events without an author; those are not the agency's contact, so they no longer set
-- the debt's last contact: a debtor who disputes or asks for a call today stays in today's queue.
CREATE OR REPLACE FUNCTION debts_last_contact_refresh(debt_ids integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE debts d SET last_contact_at = x.at
  FROM (SELECT c.id, (SELECT max(e.date) FROM events e WHERE e.debt_id = c.id AND e.user_id IS NOT NULL) AS at
    FROM unnest(debt_ids) AS c(id)) x
  WHERE d.id = x.id AND d.last_contact_at IS DISTINCT FROM x.at;
$$;
