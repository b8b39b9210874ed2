import { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { vi } from 'vitest';
import { api } from '../src/lib/api';

type Reply = { status: number; data?: unknown } | { networkError: string };

/**
 * Replaces the axios adapter of the app's one instance: every request is recorded and answered
 * by `reply` (as the real adapters do, a status outside 2xx rejects with an AxiosError).
 */
export function mockApi(reply: (config: InternalAxiosRequestConfig) => Reply | Promise<Reply>) {
  const requests: InternalAxiosRequestConfig[] = [];
  const adapter = vi.fn(async (config: InternalAxiosRequestConfig): Promise<AxiosResponse> => {
    requests.push(config);
    const answer = await reply(config);
    if ('networkError' in answer) {
      throw new AxiosError(answer.networkError, AxiosError.ERR_NETWORK, config, {});
    }
    const response: AxiosResponse = {
      data: answer.data,
      status: answer.status,
      statusText: String(answer.status),
      headers: {},
      config,
    };
    if (answer.status >= 200 && answer.status < 300) return response;
    throw new AxiosError(
      `Request failed with status code ${answer.status}`,
      AxiosError.ERR_BAD_REQUEST,
      config,
      {},
      response,
    );
  });
  api.defaults.adapter = adapter;
  return { requests, adapter };
}

/** The JSON body a recorded request sent. */
export function bodyOf(config: InternalAxiosRequestConfig | undefined): unknown {
  return typeof config?.data === 'string' ? JSON.parse(config.data) : config?.data;
}
