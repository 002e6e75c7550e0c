import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Layout } from '../../src/admin/layout/Layout';
import { renderScreen, signIn } from './helpers';

function BrokenScreen(): never {
  throw new Error('The screen broke');
}

describe('a screen that fails to render', () => {
  it("shows react-admin's error page inside the console's frame, the menu still there", async () => {
    // React reports the caught error on the console; the page is what this test looks at.
    const reported = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    // The console's frame around a screen of its own: the layout is the subject here.
    signIn();
    renderScreen(
      <Layout>
        <BrokenScreen />
      </Layout>,
      { path: '/broken' },
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong');
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    reported.mockRestore();
  });
});
