import { TwoFactorCodeSchema } from '@larder/contract';
import { data } from 'react-router';
import { ApiError } from '../../../lib/api/index.ts';
import { createBackOfficeApi } from '../../../lib/api/back-office-api.ts';
import type { ApiFetch } from '../../../load-context.ts';
import type { ActionResult } from '../action-result.ts';
import { requireOwner } from '../require-owner.server.ts';
import { postedText } from '../run-action.server.ts';

/** A setup under way: the new secret as text and its QR code as an image the page can show. */
export interface ShownSetup {
  secret: string;
  /** `data:image/svg+xml;base64,…`: shown in an <img>, where an SVG runs no script. */
  qrImage: string;
}

export interface SecurityResult extends ActionResult {
  /** Present while the owner still has to confirm the new secret with a code. */
  setup?: ShownSetup;
}

const BASE32_SECRET = /^[A-Z2-7]{16,128}$/;
const QR_IMAGE = /^data:image\/svg\+xml;base64,[A-Za-z0-9+/]+={0,2}$/;

/**
 * The setup the enable form carries back (the API shows a secret once), so a mistyped code can be
 * tried again against the same QR code; anything not shaped like one is dropped.
 */
function postedSetup(formData: FormData): ShownSetup | undefined {
  const secret = postedText(formData, 'secret');
  const qrImage = postedText(formData, 'qr_image');
  return BASE32_SECRET.test(secret) && QR_IMAGE.test(qrImage) && qrImage.length < 32_768
    ? { secret, qrImage }
    : undefined;
}

export async function loadSecurity(request: Request, apiFetch: ApiFetch) {
  const owner = await requireOwner(request, apiFetch);
  const status = await createBackOfficeApi(apiFetch).twoFactorStatus();
  return { email: owner.email, enabled: status.enabled };
}

/** Turn on (start, then confirm with a code) and turn off (with a current code). */
export async function securityAction(request: Request, apiFetch: ApiFetch) {
  await requireOwner(request, apiFetch);
  const api = createBackOfficeApi(apiFetch);
  const formData = await request.formData();
  const intent = postedText(formData, 'intent');
  const setup = intent === 'enable' ? postedSetup(formData) : undefined;

  const answer = async (write: () => Promise<SecurityResult>) => {
    try {
      return data<SecurityResult>(await write());
    } catch (error) {
      if (!(error instanceof ApiError) || error.status >= 500) throw error;
      return data<SecurityResult>(
        { ok: false, message: error.message, fieldErrors: error.params, setup },
        { status: error.status },
      );
    }
  };

  if (intent === 'setup') {
    return answer(async () => {
      const started = await api.startTwoFactorSetup();
      return {
        ok: true,
        message: 'Scan the QR code with your authenticator app, then enter the code it shows.',
        setup: {
          secret: started.secret,
          qrImage: `data:image/svg+xml;base64,${btoa(started.qr_svg)}`,
        },
      };
    });
  }

  if (intent === 'enable' || intent === 'disable') {
    const code = TwoFactorCodeSchema.safeParse({ code: postedText(formData, 'code') });
    if (!code.success) {
      const message = code.error.issues[0]?.message ?? 'Enter the 6-digit code.';
      return data<SecurityResult>(
        { ok: false, message, fieldErrors: { code: message }, setup },
        { status: 400 },
      );
    }
    return answer(async () => {
      const done =
        intent === 'enable'
          ? await api.enableTwoFactor(code.data.code)
          : await api.disableTwoFactor(code.data.code);
      return { ok: true, message: done.message };
    });
  }

  return data<SecurityResult>({ ok: false, message: 'Choose what to do.' }, { status: 400 });
}
