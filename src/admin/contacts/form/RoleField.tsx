import { MenuItem, TextField } from '@mui/material';
import { useController, useFormContext } from 'react-hook-form';
import type { Role } from '../../../shared/constants';
import { roleChange, type ContactFormValues } from '../../../shared/contact';
import { useMessages } from '../../i18n';

/**
 * The role select, offering `roles` (those the signed-in user may give). Choosing a role applies
 * that role's rules to the other values at once (spec section 4), so a checkbox or password the
 * new role cannot have is cleared, not just hidden.
 */
export function RoleField({ roles }: { roles: readonly Role[] }) {
  const t = useMessages();
  const { field } = useController<ContactFormValues, 'role'>({ name: 'role' });
  const { setValue, trigger, formState } = useFormContext<ContactFormValues>();

  const choose = (role: Role) => {
    if (role === field.value) return;
    const changes = roleChange(role);
    for (const [key, value] of Object.entries(changes)) {
      setValue(key as keyof ContactFormValues, value, { shouldDirty: true });
    }
    // After a submit, errors of fields the new role no longer has must go too.
    if (formState.isSubmitted) void trigger();
  };

  return (
    <TextField
      select
      name={field.name}
      inputRef={field.ref}
      label={t('contacts.fields.role')}
      value={field.value}
      onChange={(event) => choose(event.target.value as Role)}
      onBlur={field.onBlur}
      fullWidth
    >
      {roles.map((role) => (
        <MenuItem key={role} value={role}>
          {t(`contacts.roles.${role}`)}
        </MenuItem>
      ))}
    </TextField>
  );
}
