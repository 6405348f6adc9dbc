/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Comma-separated host names that use the "topic" wording (spec section 9). */
  readonly VITE_TOPIC_HOSTS?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
