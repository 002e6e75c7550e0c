import { render, screen } from '@testing-library/react';
import { AdminContext } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { i18nProvider } from '../../src/admin/i18n';
import { Layout } from '../../src/admin/layout/Layout';

function BrokenScreen(): never {
  throw new Error('The screen broke');
}

describe('a screen that fails to render', () => {
  it("shows react-admin's error page inside the console's frame, the menu still there", async () => {
    // React reports the caught error on the console; the page is what this test looks at.
    const reported = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <AdminContext i18nProvider={i18nProvider}>
        <Layout>
          <BrokenScreen />
        </Layout>
      </AdminContext>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong');
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    reported.mockRestore();
  });
});
