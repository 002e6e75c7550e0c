import { useGetIdentity } from 'react-admin';
import { ROLES, type Role } from '../../shared/constants';
import { rolesManagedBy } from '../../shared/contact';

const isRole = (value: unknown): value is Role => (ROLES as readonly unknown[]).includes(value);

/**
 * The contact roles the signed-in user may create and change, from the identity stored at sign-in
 * (see authProvider.getIdentity); undefined until it is known. The server stays the authority: this
 * only keeps the console from offering what it would refuse.
 */
export function useManagedRoles(): readonly Role[] | undefined {
  const { identity, isPending } = useGetIdentity();
  if (isPending) return undefined;
  return isRole(identity?.role) ? rolesManagedBy(identity.role) : [];
}
