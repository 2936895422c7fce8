import { fireEvent, render, screen } from '@testing-library/react';
import { GridControls } from '../components/GridControls';

// The URL the controls stand for changes later than the click (react-router changes it in a
// transition): here it does not change at all until the test says so.
test('a choice shows at once, before the URL follows, and the URL wins when it changes', () => {
  const update = jest.fn();
  const { rerender } = render(<GridControls sort={null} inStock={false} update={update} />);

  fireEvent.click(screen.getByLabelText('In stock only'));
  fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'price_asc' } });

  expect(screen.getByLabelText('In stock only')).toBeChecked();
  expect(screen.getByLabelText('Sort by')).toHaveValue('price_asc');
  expect(update.mock.calls).toEqual([[{ inStock: '1' }], [{ sort: 'price_asc' }]]);

  // Back in the browser: the URL has neither.
  rerender(<GridControls sort="name" inStock={false} update={update} />);
  rerender(<GridControls sort={null} inStock={false} update={update} />);

  expect(screen.getByLabelText('In stock only')).not.toBeChecked();
  expect(screen.getByLabelText('Sort by')).toHaveValue('newest');
});
