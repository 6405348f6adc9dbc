import { CERTIFICATE_NUMBER_BODY_CODES, CERTIFICATE_TEMPLATE_CATEGORIES, type CertificateDesign } from '@cmp/contracts';
import type { SavedTemplate, TemplateSaveInput } from './templates.api';

/** A template as the certificates service answers it (docs/api-certificates.md of the certificates part). */
export interface ServiceTemplate {
  id: number;
  name: string;
  category: string;
  design?: unknown;
  numbering?: ServiceNumbering;
  updatedAt: string;
}

export interface ServiceNumbering {
  variant: string;
  prefix?: string;
  suffix?: string;
}

export interface ServiceTemplateSave {
  id?: number;
  name: string;
  category: string;
  design: CertificateDesign;
  numbering: ServiceNumbering;
}

const isDesign = (value: unknown): value is CertificateDesign =>
  !!value && typeof value === 'object' && Array.isArray((value as CertificateDesign).slides);

export function fromService(template: ServiceTemplate): SavedTemplate {
  return {
    id: String(template.id),
    title: template.name,
    categoryId: template.category,
    design: isDesign(template.design) ? template.design : undefined,
    numbering: template.numbering,
    updatedAt: template.updatedAt,
  };
}

/**
 * The numbering a template is saved with. The service requires the scheme's variant to match the number
 * element the design prints, so that element decides the variant; prefix and suffix stay as they were (they are
 * set where batches are issued). No number element: the scheme kept, or a random code.
 */
export function numberingFor(design: CertificateDesign, previous?: unknown): ServiceNumbering {
  const kept = previous && typeof previous === 'object' ? (previous as ServiceNumbering) : undefined;
  const bodies = CERTIFICATE_NUMBER_BODY_CODES as readonly string[];
  const printed = design.slides[0]?.elements.find((el) => typeof el.code === 'string' && bodies.includes(el.code))?.code;
  // randomDigits prints in a randomCode element: keep it when the design still has one.
  const variant = printed ? (printed === 'randomCode' && kept?.variant === 'randomDigits' ? 'randomDigits' : printed) : (kept?.variant ?? 'randomCode');
  return { variant, ...(kept?.prefix ? { prefix: kept.prefix } : {}), ...(kept?.suffix ? { suffix: kept.suffix } : {}) };
}

export function toServiceSave(input: TemplateSaveInput): ServiceTemplateSave {
  const known = CERTIFICATE_TEMPLATE_CATEGORIES.some((category) => category.id === input.categoryId);
  return {
    ...(input.id && /^\d+$/.test(input.id) ? { id: Number(input.id) } : {}),
    name: input.design.title,
    // A design started blank is filed with the first category, by orientation.
    category: known ? (input.categoryId as string) : input.design.viewportRatio > 1 ? 'portraitWork' : 'award1',
    design: input.design,
    numbering: numberingFor(input.design, input.numbering),
  };
}
