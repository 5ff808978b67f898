import type { AppConfig } from '../../config/app-config.js';

/** The public, absolute address of a certificate page (results, lookups and emails all link it). */
export function certificateUrl(config: AppConfig, certificateId: string): string {
  return `${config.publicBaseUrl}/dmv/certificates/${certificateId}`;
}
