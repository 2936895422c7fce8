import { render } from '@testing-library/react';
import { Email } from '../../components/Email';
import { fittingCount } from '../tabsFit';

test('every tab shows when all fit, else as many as leave room for More', () => {
  const widths = [90, 80, 70, 60];
  // 90 + 80 + 70 + 60 and three gaps of 4.
  expect(fittingCount(widths, 50, 4, 312)).toBe(4);
  // Not all: More (50) and its gap must fit beside the tabs kept.
  expect(fittingCount(widths, 50, 4, 311)).toBe(3);
  expect(fittingCount(widths, 50, 4, 301)).toBe(2);
  expect(fittingCount(widths, 50, 4, 228)).toBe(2);
  expect(fittingCount(widths, 50, 4, 227)).toBe(1);
  expect(fittingCount(widths, 50, 4, 40)).toBe(0);
});

test('an e-mail may wrap only after its @ and before a dot, and reads as one string', () => {
  const { container } = render(<Email address="walk253725@mail.example.org" />);
  const email = container.querySelector('.email');
  expect(email).toHaveTextContent('walk253725@mail.example.org');
  expect(email.innerHTML).toBe('walk253725@<wbr>mail<wbr>.example<wbr>.org');
});
