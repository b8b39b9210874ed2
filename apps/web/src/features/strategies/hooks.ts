import { useAbility } from '@casl/react';
import {
  type AppAbility,
  companiesResource,
  debtsTypesResource,
  letterTemplatesResource,
  type RunOutcome,
  type Strategy,
  type StrategyNames,
  type StrategyRun,
  strategiesResource,
  strategyRunsResource,
  usersResource,
} from '@cobranzas/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { Option } from '../../components/resource/types';
import { useOptions } from '../../components/resource/useOptions';
import { resourceKeys, resourceQueries } from '../../lib/resourceQueries';
import { fetchMessaging, messagingKey } from '../agency/api';
import { dryRun, runDebts } from './api';

/** How often a queued or running run is asked how far it got. */
export const POLL_MS = 2000;
export const isWorking = (run: Pick<StrategyRun, 'status'>) =>
  run.status === 'QUEUED' || run.status === 'RUNNING';

/** Who may write strategies, run, simulate and stop them (the ADMIN; GENERAL only reads). */
export const useCanManage = () => useAbility<AppAbility>().can('manage', 'all');

const strategies = resourceQueries(strategiesResource);
const runs = resourceQueries(strategyRunsResource);

/** One strategy, always the latest (its last run changes under it). */
export function useStrategy(id: number) {
  return useQuery({
    ...strategies.detail(id),
    select: (record) => record as Strategy,
    enabled: id > 0,
    staleTime: 0,
  });
}

export const RUNS_PAGE = 10;

/** A strategy's runs, newest first, asked again while any of them works. */
export function useStrategyRuns(strategyId: number, page: number) {
  return useQuery({
    ...runs.list({ strategyId, sort: 'createdAt', order: 'desc', page, limit: RUNS_PAGE }),
    enabled: strategyId > 0,
    placeholderData: keepPreviousData,
    refetchInterval: (q) =>
      (q.state.data?.data as StrategyRun[] | undefined)?.some(isWorking) ? POLL_MS : false,
  });
}

/** One run, asked again while it works. */
export function useStrategyRun(id: number) {
  return useQuery({
    ...runs.detail(id),
    select: (record) => record as StrategyRun,
    enabled: id > 0,
    staleTime: 0,
    refetchInterval: (q) => {
      const data = q.state.data as StrategyRun | undefined;
      return data && isWorking(data) ? POLL_MS : false;
    },
  });
}

export const runDebtsKey = (id: number) => resourceKeys(strategyRunsResource).other('debts', id);

/** A page of a run's debts; while the run works, the page fills in as it goes. */
export function useRunDebts(id: number, outcome: RunOutcome | null, page: number, working: boolean) {
  return useQuery({
    queryKey: [...runDebtsKey(id), { outcome, page }],
    queryFn: ({ signal }) => runDebts(id, outcome, page, signal),
    enabled: id > 0,
    placeholderData: keepPreviousData,
    refetchInterval: working ? POLL_MS : false,
  });
}

/**
 * A page of a dry run, once asked for. `round` grows with each «Simular», so a new click simulates
 * again; otherwise a page already seen is not re-simulated (it runs over the whole portfolio).
 */
export function useDryRun(id: number, request: { round: number; page: number } | null) {
  return useQuery({
    queryKey: ['strategy-dry-run', id, request?.round, request?.page],
    queryFn: ({ signal }) => dryRun(id, request?.page ?? 1, signal),
    enabled: request !== null,
    staleTime: Number.POSITIVE_INFINITY,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

const byName = (record: { name: string }) => record.name;
const mapOf = (options: readonly Option[]) => new Map(options.map((o) => [Number(o.value), o.label]));

/**
 * The companies, stages, collectors and letter templates a strategy names: the editor's options, and
 * the names its summary sentence needs (a collector since made inactive is still named).
 */
export function useStrategyCatalogs() {
  const companies = useOptions(companiesResource, byName);
  const stages = useOptions(debtsTypesResource, byName);
  const users = useOptions(usersResource, byName);
  const letters = useOptions(letterTemplatesResource, byName);
  // Debts are assigned to the agency's active staff, never to a client's user.
  const staff = useMemo<Option[]>(
    () =>
      users.records
        .filter((user) => user.active && user.role !== 'CLIENTE')
        .map((user) => ({ value: String(user.id), label: user.name })),
    [users.records],
  );
  // Templates go by code; a libre deuda is never sent by a strategy (the API refuses it).
  const templates = useMemo<Option[]>(
    () =>
      letters.records
        .filter((template) => template.kind !== 'LIBRE_DEUDA')
        .map((template) => ({ value: template.code, label: template.name })),
    [letters.records],
  );
  const names = useMemo<StrategyNames>(
    () => ({
      companies: mapOf(companies.options),
      stages: mapOf(stages.options),
      users: mapOf(users.options),
      templates: new Map(letters.records.map((template) => [template.code, template.name])),
    }),
    [companies.options, stages.options, users.options, letters.records],
  );
  return {
    companies: companies.options,
    stages: stages.options,
    staff,
    templates,
    names,
    loading: companies.loading || stages.loading || users.loading || letters.loading,
  };
}

/** Whether the agency can send e-mail and WhatsApp (the ADMIN's settings; unknown until read). */
export function useMessagingReady() {
  const query = useQuery({
    queryKey: messagingKey,
    queryFn: fetchMessaging,
    staleTime: 60_000,
    retry: false,
  });
  const data = query.data;
  return data && typeof data.emailReady === 'boolean'
    ? { email: data.emailReady, whatsapp: data.whatsappReady }
    : undefined;
}
