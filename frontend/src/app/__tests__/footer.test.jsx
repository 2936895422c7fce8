import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { mockFetch } from '../../test/fetch';
import { renderWithProviders } from '../../test/render';
import SHOP_INFO from '../../test/fixtures/shopInfo.json';
import { Footer } from '../Footer';
import { PolicyPage } from '../PolicyPage';

test("the footer gives the shop's address, delivery hours, phone and its policies, all served", async () => {
  mockFetch({});
  renderWithProviders(<Footer />);

  const footer = await screen.findByRole('contentinfo');
  expect(within(footer).getByText(SHOP_INFO.pickupLocation)).toBeInTheDocument();
  expect(within(footer).getByText(/Delivery hours: 10:00 AM – 8:00 PM/)).toBeInTheDocument();
  expect(within(footer).getByRole('link', { name: SHOP_INFO.pickupPhone })).toHaveAttribute('href', 'tel:7145550142');
  const links = within(within(footer).getByRole('navigation', { name: 'Policies' })).getAllByRole('link');
  expect(links.map((a) => a.getAttribute('href'))).toEqual(['/policies/privacy', '/policies/returns', '/policies/age']);
});

test("a policy page shows the server's words; an unknown one says so", async () => {
  mockFetch({});
  renderWithProviders(
    <Routes>
      <Route path="/policies/:policyId" element={<PolicyPage />} />
    </Routes>,
    { route: '/policies/age' },
  );
  expect(await screen.findByRole('heading', { name: 'Age policy (21+)' })).toBeInTheDocument();
  expect(screen.getByText(SHOP_INFO.policies[2].paragraphs[0])).toBeInTheDocument();
});
