// The date of birth on the profile: asked once (sent with the details), then shown read-only.
import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { mockFetch, writeCalls } from '../../../test/fetch';
import { renderWithProviders } from '../../../test/render';
import { AccountPage } from '..';

const USER = { id: 7, name: 'Ada Buyer', email: 'ada@example.com', role: 'customer' };
const ME = { ...USER, phone: '', deliveryAddress: '', deliveryZip: '', dateOfBirth: null };

function renderAccount(me, handlers = {}) {
  const fetchMock = mockFetch({
    'GET /api/auth/me': { status: 200, body: me },
    'POST /api/auth/password-check': { status: 200, body: { ok: true, score: 4, messages: [] } },
    ...handlers,
  });
  const result = renderWithProviders(
    <Routes>
      <Route path="/account" element={<AccountPage />} />
    </Routes>,
    { route: '/account', user: USER },
  );
  return { ...result, fetchMock };
}

test('a date of birth not yet given is sent with the details, then shown read-only', async () => {
  const { user, fetchMock } = renderAccount(ME, {
    'PATCH /api/auth/me': { status: 200, body: { ...ME, dateOfBirth: '1990-05-04' } },
  });
  await user.type(await screen.findByLabelText('Date of birth'), '1990-05-04');
  await user.click(screen.getByRole('button', { name: 'Save details' }));
  expect(await screen.findByTestId('account-dateOfBirth')).toHaveTextContent('May 4, 1990');
  expect(screen.getByText('Set once: ask the shop to change it.')).toBeInTheDocument();
  expect(document.querySelector('input[name="dateOfBirth"]')).toBeNull();
  expect(writeCalls(fetchMock)[0][1].body.dateOfBirth).toBe('1990-05-04');
});

test("the server's refusal of the date shows beside it", async () => {
  const { user } = renderAccount(ME, {
    'PATCH /api/auth/me': {
      status: 400,
      body: { message: 'Bad date', errors: { dateOfBirth: ['Enter a date of birth such as 1990-05-04.'] } },
    },
  });
  await user.type(await screen.findByLabelText('Date of birth'), '2030-01-01');
  await user.click(screen.getByRole('button', { name: 'Save details' }));
  expect(await screen.findByText('Enter a date of birth such as 1990-05-04.')).toBeInTheDocument();
  expect(screen.getByLabelText('Date of birth')).toHaveAttribute('aria-invalid', 'true');
});

test('a saved date of birth is not sent again', async () => {
  const { user, fetchMock } = renderAccount(
    { ...ME, dateOfBirth: '1985-02-01' },
    { 'PATCH /api/auth/me': { status: 200, body: { ...ME, dateOfBirth: '1985-02-01' } } },
  );
  expect(await screen.findByTestId('account-dateOfBirth')).toHaveTextContent('1985');
  await user.click(screen.getByRole('button', { name: 'Save details' }));
  await screen.findByText(/Your details are saved/);
  expect(writeCalls(fetchMock)[0][1].body).not.toHaveProperty('dateOfBirth');
});
