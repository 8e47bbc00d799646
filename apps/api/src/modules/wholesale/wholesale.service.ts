import {
  apiPaths,
  LINE_SHEET_PAGE,
  QUICK_ORDER_PAGE,
  type MonthlyVolumeSchema,
  type WholesaleAccount,
  type WholesaleApplicationListQuery,
  type WholesaleApplicationRecord,
  type WholesaleApplicationResult,
  type WholesaleApplicationSchema,
  wholesaleAccountPaths,
} from '@larder/contract';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import type { WholesaleAddress } from '../../db/schema.ts';
import { ApiError, invalidParam } from '../../http/errors.ts';
import { formatWpDate } from '../../http/format.ts';
import { pageOffset } from '../../http/pagination.ts';
import type { Viewer } from '../../http/viewer.ts';
import { emailTaken } from '../accounts/accounts.service.ts';
import { hashPassword, weakPasswordReason } from '../accounts/passwords.ts';
import type { ActivityService } from '../activity/activity.service.ts';
import type { Mailer } from '../mail/mailer.ts';
import {
  wholesaleApplicationOwnerEmail,
  wholesaleApplicationReceivedEmail,
  wholesaleApprovedEmail,
  wholesaleDeclinedEmail,
} from '../mail/wholesale-emails.ts';
import { readMinimums } from '../pricing/wholesale-minimums.ts';
import { findCountry } from '../shipping/countries.ts';
import type { ObjectStore } from '../../storage/object-store.ts';
import { certificateKey, detectCertificateType, storeCertificate } from './certificate-file.ts';
import {
  ONE_PENDING_INDEX,
  violatedConstraint,
  wholesaleRepo as repo,
  type WholesaleApplicationRow,
  type WholesaleApplicationStatus,
} from './wholesale.repo.ts';

export type { WholesaleApplicationRow, WholesaleApplicationStatus };
type ApplicationInput = z.output<typeof WholesaleApplicationSchema>;

export interface WholesaleServiceOptions {
  mailer: Mailer;
  /** The shop's name (SHOP_NAME), as its e-mails sign and mention it. */
  shopName: string;
  /** Receives the new-application notices. */
  shopOwnerEmail: string;
  publicUrl: string;
  /** Where certificates are kept, under `private/certificates/`. */
  store: ObjectStore;
  /** Where an owner's decision is recorded, in the decision's transaction. */
  activity: ActivityService;
  log: { error(object: object, message: string): void };
  now?: () => Date;
}

/** The uploaded certificate as the route read it. */
export interface CertificateUpload {
  content: Buffer;
  /** The name on the applicant's computer; kept for the owner's reference, never used as a path. */
  filename: string;
}

/** What approving or rejecting did: the application as decided, and whether the buyer was emailed. */
export interface WholesaleDecision {
  application: WholesaleApplicationRow;
  emailed: boolean;
}

const MONTHLY_VOLUMES: Record<z.infer<typeof MonthlyVolumeSchema>, string> = {
  'under-50': 'under 50 bags a month',
  '50-200': '50 to 200 bags a month',
  '200-500': '200 to 500 bags a month',
  'over-500': 'over 500 bags a month',
};
const volumeLabel = (value: string) =>
  MONTHLY_VOLUMES[value as keyof typeof MONTHLY_VOLUMES] ?? value;

const addressLines = (address: WholesaleAddress) =>
  [
    address.company,
    address.address_1,
    address.address_2,
    [address.city, address.state, address.postcode].filter(Boolean).join(' '),
    findCountry(address.country)?.name ?? address.country,
  ].filter(Boolean);

const notFound = (id: number) =>
  new ApiError(404, 'wholesale_application_not_found', `There is no wholesale application #${id}.`);

/** The application as the back office shows it; the certificate is fetched from its own route. */
export const toApplicationRecord = (row: WholesaleApplicationRow): WholesaleApplicationRecord => ({
  id: row.id,
  customer_id: row.customerId,
  status: row.status,
  business_name: row.businessName,
  contact_name: row.contactName,
  email: row.email,
  phone: row.phone,
  address: row.address,
  tax_id: row.taxId,
  sales_channels: row.salesChannels,
  monthly_volume: row.monthlyVolume as WholesaleApplicationRecord['monthly_volume'],
  certificate: {
    href: `${apiPaths.wholesaleApplications}/${row.id}/certificate`,
    filename: row.certificateName,
    content_type: row.certificateType,
    bytes: row.certificateBytes,
  },
  rejection_reason: row.rejectionReason,
  date_created_gmt: formatWpDate(row.createdAt),
  date_decided_gmt: row.decidedAt ? formatWpDate(row.decidedAt) : null,
});

/** The line sheet is for approved wholesale buyers and the shop's owners. */
export const mayReadLineSheet = (viewer: Viewer) =>
  viewer.role === 'wholesale_customer' || viewer.isOwner;

const day = (date: Date | null) => (date ? date.toISOString().slice(0, 10) : 'an unknown date');

/**
 * The state as stored (a listed state's code, else as typed); 400 for a country the shop does not
 * know or a state that is not one of the country's.
 */
function checkedState(address: { country: string; state: string }): string {
  const country = findCountry(address.country);
  if (!country) throw invalidParam('address[country]', 'Choose a country from the list.');
  if (country.states.length === 0) return address.state;
  const state = address.state.toUpperCase();
  if (!country.states.some((candidate) => candidate.code === state)) {
    throw invalidParam(
      'address[state]',
      state === ''
        ? `Choose a state of ${country.name}.`
        : `${address.state} is not a state of ${country.name}. Choose one from the list.`,
    );
  }
  return state;
}

/** "Robin Oats Jr" → first "Robin", last "Oats Jr", for the new account's names. */
function splitName(name: string): { firstName: string; lastName: string } {
  const [firstName = '', ...rest] = name.trim().split(/\s+/);
  return { firstName, lastName: rest.join(' ') };
}

/**
 * Wholesale applications (issue 5): a visitor or customer applies with a certificate; the owner
 * approves (the account becomes `wholesale_customer`) or rejects with a reason. The owner's command
 * line calls listApplications, approveApplication and rejectApplication.
 */
export function createWholesaleService(db: Database, options: WholesaleServiceOptions) {
  const now = options.now ?? (() => new Date());
  const { store } = options;
  const locate = (file: string) => `${store.location}${certificateKey(file)}`;

  async function sendMail(
    message: Parameters<Mailer['send']>[0],
    context: object,
    what: string,
  ): Promise<boolean> {
    try {
      await options.mailer.send(message);
      return true;
    } catch (error) {
      options.log.error({ err: error, ...context }, `could not email ${what}`);
      return false;
    }
  }

  /** 404 for an unknown id, 409 for one already decided; otherwise the decision's result. */
  async function decided(id: number): Promise<never> {
    const existing = await repo.find(db, id);
    if (!existing) throw notFound(id);
    throw new ApiError(
      409,
      'wholesale_application_decided',
      `Wholesale application #${id} was already ${existing.status} on ${day(existing.decidedAt)}.`,
    );
  }

  async function buyerAddress(customerId: number, fallback: string) {
    return (await repo.findCustomer(db, customerId))?.email ?? fallback;
  }

  return {
    /** Where an application's certificate is kept (for the owner): a path, or `s3://bucket/key`. */
    certificateLocation: (application: Pick<WholesaleApplicationRow, 'certificateFile'>) =>
      locate(application.certificateFile),

    /**
     * Stores a pending application (and, for a visitor, the new account) with its certificate, then
     * emails the owner and the applicant. A failure leaves no account, row or file behind.
     */
    async apply(
      input: ApplicationInput,
      certificate: CertificateUpload,
      viewer: Viewer,
    ): Promise<WholesaleApplicationResult> {
      const type = detectCertificateType(certificate.content);
      if (!type) {
        throw new ApiError(
          415,
          'wholesale_certificate_type',
          'Attach the certificate as a PDF, PNG or JPEG file.',
          { certificate: 'This file is not a PDF, PNG or JPEG. Attach one of those.' },
        );
      }
      const address: WholesaleAddress = {
        company: input.address.company || input.business_name,
        address_1: input.address.address_1,
        address_2: input.address.address_2,
        city: input.address.city,
        state: checkedState(input.address),
        postcode: input.address.postcode,
        country: input.address.country.toUpperCase(),
      };
      const email = input.email.toLowerCase();

      // A signed-in customer applies for their own account; a visitor's application creates one.
      let newAccount: { passwordHash: string } | null = null;
      if (viewer.isGuest) {
        if (!input.password) {
          throw invalidParam('password', 'Choose a password for your new account.');
        }
        const weak = weakPasswordReason(input.password, email);
        if (weak) throw invalidParam('password', weak);
        newAccount = { passwordHash: await hashPassword(input.password) };
      } else {
        const customer = await repo.findCustomer(db, viewer.customerId);
        if (!customer) throw new ApiError(401, 'jwt_auth_invalid_token', 'Please sign in again.');
        if (customer.email !== email) {
          throw invalidParam(
            'email',
            `Use your account's email address (${customer.email}), or sign out to apply with a new account.`,
          );
        }
        if (customer.role !== 'customer') {
          throw new ApiError(
            409,
            'wholesale_already_approved',
            customer.role === 'wholesale_customer'
              ? 'Your account is already a wholesale account.'
              : "The shop owner's account cannot apply for wholesale.",
          );
        }
      }

      const file = await storeCertificate(store, certificate.content, type);
      let application: WholesaleApplicationRow;
      try {
        application = await db.transaction(async (tx) => {
          let customerId = viewer.customerId;
          if (newAccount) {
            const { firstName, lastName } = splitName(input.contact_name);
            const created = await repo.insertCustomer(tx, {
              email,
              username: email,
              passwordHash: newAccount.passwordHash,
              firstName,
              lastName,
              billing: {
                first_name: firstName,
                last_name: lastName,
                ...address,
                phone: input.phone,
                email,
              },
            });
            customerId = created.id;
          }
          return repo.insertApplication(tx, {
            customerId,
            businessName: input.business_name,
            contactName: input.contact_name,
            email,
            phone: input.phone,
            address,
            taxId: input.tax_id,
            salesChannels: input.sales_channels,
            monthlyVolume: input.monthly_volume,
            certificateFile: file,
            certificateType: type.mimeType,
            certificateBytes: certificate.content.length,
            certificateName: certificate.filename.slice(0, 200),
            createdAt: now(),
          });
        });
      } catch (error) {
        // Nothing half-written: the application was not saved, so its file goes too.
        await store.delete(certificateKey(file));
        const constraint = violatedConstraint(error);
        if (constraint === ONE_PENDING_INDEX) {
          throw new ApiError(
            409,
            'wholesale_application_pending',
            'Your wholesale application is already with us. We will email you once it is reviewed.',
          );
        }
        if (constraint !== undefined) throw emailTaken();
        throw error;
      }

      const context = { wholesaleApplicationId: application.id };
      await sendMail(
        wholesaleApplicationOwnerEmail(
          options.shopOwnerEmail,
          {
            id: application.id,
            businessName: application.businessName,
            contactName: application.contactName,
            email: application.email,
            phone: application.phone,
            address: addressLines(address).join(', '),
            taxId: application.taxId,
            monthlyVolume: volumeLabel(application.monthlyVolume),
            account: `#${application.customerId}${newAccount ? ' (created with this application)' : ''}`,
            certificate: `${type.label}, ${Math.ceil(application.certificateBytes / 1024)} KB, uploaded as "${application.certificateName}"`,
            certificateLocation: locate(file),
            salesChannels: application.salesChannels,
          },
          `${options.publicUrl}/admin/wholesale/${application.id}`,
        ),
        context,
        'the owner about a wholesale application',
      );
      await sendMail(
        wholesaleApplicationReceivedEmail(
          { name: application.contactName, address: application.email },
          application,
          options.shopName,
        ),
        context,
        'the applicant about their wholesale application',
      );

      return {
        id: application.id,
        status: 'pending',
        message:
          "Thank you! Your wholesale application is in. We'll be in touch by email within a few working days.",
      };
    },

    /** The back office's list: one page, oldest first, filtered by status and search. */
    async listApplicationPage(query: WholesaleApplicationListQuery) {
      const { rows, total } = await repo.listPage(db, {
        status: query.status === 'all' ? undefined : query.status,
        search: query.search?.trim() || undefined,
        limit: query.per_page,
        offset: pageOffset({ page: query.page, perPage: query.per_page }),
      });
      return { applications: rows.map(toApplicationRecord), total };
    },

    async getApplication(id: number): Promise<WholesaleApplicationRecord> {
      const row = await repo.find(db, id);
      if (!row) throw notFound(id);
      return toApplicationRecord(row);
    },

    /** An application's certificate opened for sending, with its type; 404 for an unknown id. */
    async certificate(id: number) {
      const row = await repo.find(db, id);
      if (!row) throw notFound(id);
      return {
        opened: await store.open(certificateKey(row.certificateFile)),
        contentType: row.certificateType,
        extension: row.certificateFile.slice(row.certificateFile.lastIndexOf('.')),
      };
    },

    /**
     * Where the viewer's account stands: approved for a wholesale account, else its latest
     * application's status (with the owner's reason for a rejection), else none.
     */
    async accountStatus(viewer: Viewer): Promise<WholesaleAccount> {
      const latest = await repo.latestForCustomer(db, viewer.customerId);
      const application = latest
        ? {
            id: latest.id,
            business_name: latest.businessName,
            date_created_gmt: formatWpDate(latest.createdAt),
            date_decided_gmt: latest.decidedAt ? formatWpDate(latest.decidedAt) : null,
            rejection_reason: latest.status === 'rejected' ? latest.rejectionReason : null,
          }
        : null;
      const status = viewer.role === 'wholesale_customer' ? 'approved' : (latest?.status ?? 'none');
      return {
        status,
        application,
        line_sheet: mayReadLineSheet(viewer) ? wholesaleAccountPaths.lineSheet : null,
      };
    },

    /** Every application, or those with one status; oldest first. */
    listApplications(status?: WholesaleApplicationStatus): Promise<WholesaleApplicationRow[]> {
      return repo.list(db, status);
    },

    /**
     * Approves a pending application: its customer becomes `wholesale_customer` in the same
     * transaction, and sees wholesale prices from their next request. Emails the buyer. The
     * owner's decision is in the activity log, written in the same transaction.
     */
    async approveApplication(id: number, owner: Viewer): Promise<WholesaleDecision> {
      const decidedAt = now();
      const application = await db.transaction(async (tx) => {
        const row = await repo.decide(tx, id, { status: 'approved', decidedAt });
        if (!row) return row;
        await repo.grantWholesale(tx, row.customerId, decidedAt);
        await options.activity.record(
          owner,
          {
            action: 'wholesale.approved',
            subjectType: 'wholesale_application',
            subjectId: row.id,
            summary: `Approved ${row.businessName}'s wholesale application`,
          },
          tx,
        );
        return row;
      });
      if (!application) return decided(id);
      const emailed = await sendMail(
        wholesaleApprovedEmail(
          {
            name: application.contactName,
            address: await buyerAddress(application.customerId, application.email),
          },
          application,
          {
            signInLink: `${options.publicUrl}/login`,
            lineSheetLink: `${options.publicUrl}${LINE_SHEET_PAGE}`,
            quickOrderLink: `${options.publicUrl}${QUICK_ORDER_PAGE}`,
            minimums: await readMinimums(db),
          },
        ),
        { wholesaleApplicationId: id },
        'the buyer about their approval',
      );
      return { application, emailed };
    },

    /** Rejects a pending application with a reason, which the applicant is emailed. */
    async rejectApplication(id: number, reason: string, owner: Viewer): Promise<WholesaleDecision> {
      const rejectionReason = reason.trim();
      if (!rejectionReason) {
        throw invalidParam('reason', 'Give the applicant a reason for the rejection.');
      }
      if (rejectionReason.length > 2000) {
        throw invalidParam('reason', 'Keep the reason under 2000 characters.');
      }
      const application = await db.transaction(async (tx) => {
        const row = await repo.decide(tx, id, {
          status: 'rejected',
          decidedAt: now(),
          rejectionReason,
        });
        if (row) {
          await options.activity.record(
            owner,
            {
              action: 'wholesale.rejected',
              subjectType: 'wholesale_application',
              subjectId: row.id,
              summary: `Rejected ${row.businessName}'s wholesale application`,
            },
            tx,
          );
        }
        return row;
      });
      if (!application) return decided(id);
      const emailed = await sendMail(
        wholesaleDeclinedEmail(
          {
            name: application.contactName,
            address: await buyerAddress(application.customerId, application.email),
          },
          application,
          rejectionReason,
        ),
        { wholesaleApplicationId: id },
        'the applicant about their rejection',
      );
      return { application, emailed };
    },
  };
}
export type WholesaleService = ReturnType<typeof createWholesaleService>;
