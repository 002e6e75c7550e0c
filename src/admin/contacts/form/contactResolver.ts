import type { FieldValues, Resolver } from 'react-hook-form';
import type { ContactFormMode } from '../../../shared/contact';
import { contactSchema } from '../../../shared/validation/contact';
import { zodResolver } from '../../forms/zodResolver';

/**
 * Checks the form with the API's own contact rules, so each field shows the spec's message, but
 * submits the form's own flat values: the schema's output (phone in E.164, a null password, no
 * confirmation) is the server's reading, and `toContactPayload` expects the form's shape.
 */
export function contactResolver(mode: ContactFormMode): Resolver<FieldValues> {
  const validate = zodResolver(contactSchema(mode));
  return async (values, context, options) => {
    const result = await validate(values, context, options);
    return Object.keys(result.errors).length > 0 ? result : { values, errors: {} };
  };
}
