import type { CreateParams, ResourceCallbacks, UpdateParams } from 'react-admin';
import type { ContactFormMode, ContactFormValues } from '../../shared/contact';
import { toContactPayload } from '../../shared/validation/contact';
import { requireToken } from './session';

/**
 * The contact form holds a contact flat (names, phone and address beside the role); the API takes
 * the write shape of spec section 3 (profile nested, role rules applied, a password only when
 * one is set). Shaped here, so the screens save through `dataProvider.create/update` like any
 * other resource. A save without a stored token sends nothing (see MissingTokenError).
 */
function shaped<P extends CreateParams | UpdateParams>(params: P, mode: ContactFormMode): P {
  requireToken();
  return { ...params, data: toContactPayload(params.data as ContactFormValues, mode) };
}

export const contactCallbacks: ResourceCallbacks = {
  resource: 'contacts',
  beforeCreate: async (params: CreateParams) => shaped(params, 'create'),
  beforeUpdate: async (params: UpdateParams) => shaped(params, 'edit'),
};
