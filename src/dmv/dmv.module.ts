import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SiteLinks } from '../common/http/site-links.js';
import { DmvAdminController } from './controllers/dmv-admin.controller.js';
import { DmvLookupController } from './controllers/dmv-lookup.controller.js';
import { DmvPagesController } from './controllers/dmv-pages.controller.js';
import { DmvRegistrationsController } from './controllers/dmv-registrations.controller.js';
import { DmvIdempotencyEntity } from './entities/dmv-idempotency.entity.js';
import { DmvRegistrationEntity } from './entities/dmv-registration.entity.js';
import { DmvReservedNameEntity } from './entities/dmv-reserved-name.entity.js';
import { DmvVerificationTokenEntity } from './entities/dmv-verification-token.entity.js';
import { DmvCertificateLookupClient } from './services/certificate-lookup-client.js';
import { DmvCertificateLookup } from './services/certificate-lookup.js';
import { DmvCertificatePages } from './services/certificate-pages.js';
import { DmvContactVerification } from './services/contact-verification.js';
import { DmvAdmin } from './services/dmv-admin.js';
import { DmvVerificationMail } from './services/dmv-verification-mail.js';
import { DmvService } from './services/dmv.service.js';
import { DmvRegisterBudget } from './services/register-budget.js';
import { DmvRegistrationIdempotency } from './services/registration-idempotency.js';
import { DmvRegistrationFlow } from './services/registration.js';

/** .agent name pre-registrations, certificates, the lookup API, certificate pages and badges. */
@Module({
  imports: [TypeOrmModule.forFeature([DmvRegistrationEntity, DmvVerificationTokenEntity, DmvIdempotencyEntity, DmvReservedNameEntity])],
  controllers: [DmvPagesController, DmvLookupController, DmvRegistrationsController, DmvAdminController],
  providers: [
    DmvService,
    DmvRegistrationFlow,
    DmvRegistrationIdempotency,
    DmvRegisterBudget,
    DmvVerificationMail,
    DmvCertificateLookup,
    DmvCertificateLookupClient,
    DmvCertificatePages,
    DmvContactVerification,
    DmvAdmin,
  ],
  exports: [DmvService],
})
export class DmvModule {
  constructor(links: SiteLinks) {
    links.add({
      href: '/dmv',
      label: 'DMV',
      description: 'Free, non-binding .agent name pre-registrations: look up a certificate by its ID.',
    });
  }
}
