import type { CertificateDesign } from '@cmp/contracts';
import { createId } from '../store/slides';

/** A saved design as the designer lists it (lists may leave the design out; `get` has it). */
export interface SavedTemplate {
  id: string;
  title: string;
  categoryId?: string;
  design?: CertificateDesign;
  /** The service's numbering scheme, kept as it was when the template is saved again. */
  numbering?: unknown;
  updatedAt: string;
}

export interface TemplateSaveInput {
  id?: string;
  categoryId?: string;
  design: CertificateDesign;
  numbering?: unknown;
}

/**
 * The one place the designer saves and loads templates: the certificates service's template calls when the
 * platform has them (service-templates.api.ts), otherwise this browser's localStorage.
 */
export interface TemplateApi {
  /** Where templates go: 'service' (the organisation's templates) or 'local' (this browser). */
  readonly where: 'service' | 'local';
  list(): Promise<SavedTemplate[]>;
  get(id: string): Promise<SavedTemplate | undefined>;
  save(input: TemplateSaveInput): Promise<SavedTemplate>;
  remove(id: string): Promise<void>;
}

export const DRAFTS_KEY = 'cmp.certificate.drafts';

function readAll(storage: Storage): SavedTemplate[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(DRAFTS_KEY) ?? '[]');
    return Array.isArray(parsed) ? (parsed as SavedTemplate[]).filter((entry) => entry && typeof entry.id === 'string' && entry.design) : [];
  } catch {
    // A corrupt entry must not lock the designer out: start over rather than fail.
    return [];
  }
}

export function localTemplateApi(storage?: Storage, now: () => Date = () => new Date()): TemplateApi {
  // Resolved on use, so importing this module needs no browser.
  const store = (): Storage => storage ?? window.localStorage;
  const write = (all: SavedTemplate[]) => store().setItem(DRAFTS_KEY, JSON.stringify(all));
  return {
    where: 'local',
    async list() {
      return readAll(store()).sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
    },
    async get(id) {
      return readAll(store()).find((entry) => entry.id === id);
    },
    async save({ id, categoryId, design }) {
      const all = readAll(store());
      const saved: SavedTemplate = { id: id ?? createId(), title: design.title, categoryId, design, updatedAt: now().toISOString() };
      const at = all.findIndex((entry) => entry.id === saved.id);
      if (at >= 0) all[at] = saved;
      else all.push(saved);
      // setItem throws when the quota is full; the caller reports it.
      write(all);
      return saved;
    },
    async remove(id) {
      write(readAll(store()).filter((entry) => entry.id !== id));
    },
  };
}


/** The design being edited, kept so leaving the screen (or a reload) does not lose unsaved work. */
export interface WorkingCopy {
  design: CertificateDesign;
  draftId?: string;
  categoryId?: string;
}

export const WORKING_COPY_KEY = 'cmp.certificate.working';

export const workingCopy = {
  read(storage: Storage = window.localStorage): WorkingCopy | undefined {
    try {
      const parsed = JSON.parse(storage.getItem(WORKING_COPY_KEY) ?? 'null') as WorkingCopy | null;
      return parsed && Array.isArray(parsed.design?.slides) && parsed.design.slides.length ? parsed : undefined;
    } catch {
      return undefined;
    }
  },
  write(copy: WorkingCopy, storage: Storage = window.localStorage): void {
    try {
      storage.setItem(WORKING_COPY_KEY, JSON.stringify(copy));
    } catch {
      // A full storage only costs the recovery copy; saving drafts reports its own failure.
    }
  },
  clear(storage: Storage = window.localStorage): void {
    storage.removeItem(WORKING_COPY_KEY);
  },
};
