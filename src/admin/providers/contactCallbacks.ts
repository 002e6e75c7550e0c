import type { CreateParams, ResourceCallbacks, UpdateParams } from 'react-admin';
import type { ContactFormMode, ContactFormValues } from '../../shared/contact';
import { messages } from '../../shared/messages';
import { requireSession } from './sessionRequired';

/**
 * The contact form holds a contact flat (names, phone and address beside the role); the API takes
 * the write shape of spec section 3 (profile nested, role rules applied, a password only when
 * one is set). Shaped here, so the screens save through `dataProvider.create/update` like any
 * other resource. A save without a stored token sends nothing (see NoSessionError).
 */
async function shaped<P extends CreateParams | UpdateParams>(
  params: P,
  mode: ContactFormMode,
): Promise<P> {
  await requireSession(messages.auth.noTokenSubmit)(params);
  // Loaded on the first save: the contact rules (and zod) are the contact form's chunk, which
  // is already here then, and stay out of the first page's JavaScript.
  const { toContactPayload } = await import('../../shared/validation/contact');
  return { ...params, data: toContactPayload(params.data as ContactFormValues, mode) };
}

export const contactCallbacks: ResourceCallbacks = {
  resource: 'contacts',
  beforeCreate: (params: CreateParams) => shaped(params, 'create'),
  beforeUpdate: (params: UpdateParams) => shaped(params, 'edit'),
};
