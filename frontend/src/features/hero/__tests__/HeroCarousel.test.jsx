import { screen } from '@testing-library/react';
import { mockFetch } from '../../../test/fetch';
import { renderWithProviders } from '../../../test/render';
import { HeroCarousel } from '..';

const CUSTOMER = { id: 2, name: 'Casey', email: 'casey@example.com', role: 'customer' };
const ADMIN = { id: 1, name: 'Ada', email: 'ada@example.com', role: 'admin' };
const hero = (id, extra = {}) => ({
  id,
  title: `Slide ${id}`,
  description: '',
  alt_text: `Alt ${id}`,
  display_order: id - 1,
  is_active: true,
  image_url: `/media/hero/${id}.jpg`,
  created_at: '2026-01-01T00:00:00Z',
  ...extra,
});

test('slides with arrows and dots; images carry a size so nothing jumps', async () => {
  mockFetch({ 'GET /api/hero/images': { status: 200, body: [hero(1), hero(2), hero(3, { is_active: false })] } });
  const { user } = renderWithProviders(<HeroCarousel />, { user: CUSTOMER });
  const first = await screen.findByAltText('Alt 1');
  expect(first).toHaveAttribute('width');
  expect(first).toHaveAttribute('height');
  expect(screen.queryByAltText('Alt 3')).not.toBeInTheDocument();
  expect(screen.getAllByRole('button', { name: /Go to slide/ })).toHaveLength(2);
  await user.click(screen.getByRole('button', { name: 'Next' }));
  expect(screen.getByRole('button', { name: 'Go to slide 2' })).toHaveAttribute('aria-current', 'true');
  expect(screen.queryByRole('link', { name: 'Add Image' })).not.toBeInTheDocument();
});

test('empty: "No hero images available"; admins get "Add Hero Image" to /hero', async () => {
  mockFetch({ 'GET /api/hero/images': { status: 200, body: [] } });
  renderWithProviders(<HeroCarousel />, { user: ADMIN });
  expect(await screen.findByText('No hero images available')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Add Hero Image' })).toHaveAttribute('href', '/hero');
});

test('admins see "Add Image" over a filled carousel', async () => {
  mockFetch({ 'GET /api/hero/images': { status: 200, body: [hero(1)] } });
  renderWithProviders(<HeroCarousel />, { user: ADMIN });
  expect(await screen.findByRole('link', { name: 'Add Image' })).toHaveAttribute('href', '/hero');
});

test('a failed load shows the empty state', async () => {
  mockFetch({ 'GET /api/hero/images': { status: 500, body: {} } });
  renderWithProviders(<HeroCarousel />, { user: CUSTOMER });
  expect(await screen.findByText('No hero images available')).toBeInTheDocument();
});

test("the slide's title, description and button are live text over the picture, cropped at its focal point", async () => {
  mockFetch({
    'GET /api/hero/images': {
      status: 200,
      body: [
        hero(1, {
          title: 'Pickup in 30 minutes',
          description: 'Order online, pick up at our corner.',
          cta_label: 'Start an order',
          cta_link: '/?inStock=1',
          object_position: '80% 30%',
        }),
        hero(2, { title: 'Only a title', alt_text: '', cta_label: 'Read more', cta_link: 'https://blog.example.com/x' }),
      ],
    },
  });
  const { user } = renderWithProviders(<HeroCarousel />, { user: CUSTOMER });
  const title = await screen.findByRole('heading', { name: 'Pickup in 30 minutes' });
  expect(title).toBeVisible();
  expect(title).not.toHaveClass('visually-hidden');
  expect(screen.getByText('Order online, pick up at our corner.')).toBeVisible();
  expect(screen.getByRole('link', { name: 'Start an order' })).toHaveAttribute('href', '/?inStock=1');
  expect(screen.getByAltText('Alt 1')).toHaveStyle({ objectPosition: '80% 30%' });
  expect(title.closest('figure')).toHaveClass('hero__slide--text');
  await user.click(screen.getByRole('button', { name: 'Next' }));
  expect(screen.getByRole('heading', { name: 'Only a title' })).toHaveClass('hero__title');
  expect(screen.getByRole('link', { name: 'Read more' })).toHaveAttribute('href', 'https://blog.example.com/x');
});

test('a label without a link, or a slide without words, shows no button and no scrim', async () => {
  mockFetch({
    'GET /api/hero/images': { status: 200, body: [hero(1, { title: '', description: '', cta_label: 'Go', cta_link: '' })] },
  });
  renderWithProviders(<HeroCarousel />, { user: CUSTOMER });
  const image = await screen.findByAltText('Alt 1');
  expect(screen.queryByRole('link')).not.toBeInTheDocument();
  expect(image.closest('figure')).not.toHaveClass('hero__slide--text');
  expect(image.closest('figure').querySelector('figcaption')).toBeNull();
});

test('a shopper with no active hero image gets one quiet line, not an empty box', async () => {
  mockFetch({ 'GET /api/hero/images': { status: 200, body: [hero(1, { is_active: false })] } });
  const { container } = renderWithProviders(<HeroCarousel />, { user: CUSTOMER });
  expect(await screen.findByText('No hero images available')).toHaveClass('hero__empty-line');
  expect(container.querySelector('.hero--empty')).toBeNull();
  expect(screen.queryByRole('link', { name: 'Add Hero Image' })).not.toBeInTheDocument();
});
