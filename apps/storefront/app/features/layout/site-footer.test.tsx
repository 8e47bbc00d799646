import { render, screen } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SiteFooter } from './site-footer.tsx';

const shop = {
  name: 'Fennel & Rye',
  tagline: 'Rye crackers.',
  email: 'hi@fennel.example',
  phone: '+44 113 496 0000',
  address: {
    street: '1 Mill Lane',
    suite: '',
    city: 'Leeds',
    state: 'West Yorkshire',
    postcode: 'LS1 4AP',
    country: 'GB',
  },
};

describe('SiteFooter', () => {
  it("shows the shop's name, address and phone from what the root loader gives", async () => {
    const Stub = createRoutesStub([
      {
        path: '*',
        Component: () => (
          <SiteFooter newsletterSignupUrl="https://newsletter.test/subscribe" shop={shop} />
        ),
      },
    ]);
    render(<Stub initialEntries={['/']} />);
    const footer = await screen.findByTestId('site-footer');
    expect(screen.getByRole('link', { name: 'Fennel & Rye, home' })).toBeTruthy();
    expect(footer.textContent).toContain('1 Mill Lane');
    expect(footer.textContent).toContain('Leeds, West Yorkshire LS1 4AP');
    expect(footer.textContent).toContain('© ');
    expect(footer.textContent).toContain('Fennel & Rye. All rights reserved.');
    expect(screen.getByRole('link', { name: '+44 113 496 0000' }).getAttribute('href')).toBe(
      'tel:+441134960000',
    );
    expect(footer.textContent).not.toContain('318 Hunt Street');
  });
});
