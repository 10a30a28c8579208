import type { TemplateEnvelope } from '../../schemas/responses.ts';
import type { Catalog } from '../catalog/catalog.ts';
import { API_VERSION } from './api-version.ts';
import { findTemplate } from './find-template.ts';

/** getTemplate: one template by id or slug; throws `template_not_found`. */
export function getTemplate(catalog: Catalog, ref: string): TemplateEnvelope {
  return { apiVersion: API_VERSION, template: findTemplate(catalog, ref) };
}
