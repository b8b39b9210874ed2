/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The spec's {host}: the API origin. Unset → same origin. */
  readonly VITE_API_URL?: string;
  readonly VITE_CONTACT_EMAIL?: string;
  readonly VITE_CONTACT_PHONE?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

declare module 'virtual:mantine-variables.css';
