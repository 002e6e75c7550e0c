import type { MessageSettings } from '../../src/shared/message-settings';
import { productSchemas } from '../../src/shared/validation/product';

/** A server whose short links are `https://tid.gs/l/{code}` (24 characters) and names count 12. */
export const TEST_MESSAGE_SETTINGS: MessageSettings = {
  shortLinkBase: 'https://tid.gs/l',
  personalFieldLength: 12,
};

/** The product rules as that server applies them. */
export const testProductSchemas = productSchemas(TEST_MESSAGE_SETTINGS);
