import { act, fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { mockFetch } from '../../../test/fetch';
import { renderWithProviders } from '../../../test/render';
import { ProductPage } from '../components/ProductPage';
import { clampOffset, swipeStep, zoomAround, zoomCap } from '../viewerZoom';

const CUSTOMER = { id: 2, name: 'Casey', email: 'casey@example.com', role: 'customer' };
const product = {
  id: 5,
  name: 'Glass Bong',
  description: '',
  price: 30,
  availability: true,
  quantity: 3,
  categoryId: 'glass-pipe',
  images: ['/media/a.webp', '/media/b.webp'],
  thumbnails: ['/media/a-thumb.webp', '/media/b-thumb.webp'],
  imageWidths: [1600, 1600],
  thumbnailWidths: [400, 400],
  types: [],
};

// jsdom has no PointerEvent: a mouse event with the pointer's id stands in for it.
beforeAll(() => {
  window.PointerEvent = class PointerEvent extends MouseEvent {
    constructor(type, init = {}) {
      super(type, init);
      this.pointerId = init.pointerId ?? 1;
    }
  };
});
afterAll(() => delete window.PointerEvent);

async function openViewer() {
  mockFetch({ 'GET /api/products/5': { status: 200, body: product } });
  const view = renderWithProviders(
    <Routes>
      <Route path="/product/:productId" element={<ProductPage />} />
    </Routes>,
    { route: '/product/5', user: CUSTOMER },
  );
  const opener = await screen.findByRole('button', { name: 'View image 1 full screen' });
  await view.user.click(opener);
  return { ...view, opener, dialog: screen.getByRole('dialog', { name: 'Glass Bong' }) };
}

const shown = (dialog) => within(dialog).getByRole('img');

test('a dark full-screen dialog serving the largest stored file, so zoom reaches its pixels', async () => {
  const { dialog } = await openViewer();
  expect(dialog).toHaveClass('viewer');
  expect(dialog).toHaveAttribute('aria-modal', 'true');
  const image = shown(dialog);
  expect(image).toHaveAttribute('src', '/media/a.webp');
  expect(image).not.toHaveAttribute('srcset');
  expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus();
  expect(within(dialog).getByText('1 / 2')).toBeInTheDocument();
});

test('Escape closes it and the focus goes back to what opened it; Tab stays inside', async () => {
  const { user, opener, dialog } = await openViewer();
  const buttons = within(dialog)
    .getAllByRole('button')
    .filter((b) => !b.disabled);
  buttons.at(-1).focus();
  await user.tab();
  expect(dialog).toContainElement(document.activeElement);
  await user.keyboard('{Escape}');
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(opener).toHaveFocus();
});

test('arrow keys, the buttons and a swipe move between the pictures', async () => {
  const { user, dialog } = await openViewer();
  await user.keyboard('{ArrowRight}');
  expect(shown(dialog)).toHaveAccessibleName('Glass Bong, image 2 of 2');
  expect(shown(dialog)).toHaveAttribute('src', '/media/b.webp');
  await user.keyboard('{ArrowLeft}');
  expect(shown(dialog)).toHaveAccessibleName('Glass Bong, image 1 of 2');
  await user.click(within(dialog).getByRole('button', { name: 'Previous image' }));
  expect(within(dialog).getByText('2 / 2')).toBeInTheDocument();

  const stage = shown(dialog).parentElement;
  fireEvent.pointerDown(stage, { pointerId: 1, clientX: 300, clientY: 200 });
  fireEvent.pointerUp(stage, { pointerId: 1, clientX: 120, clientY: 210 });
  expect(shown(dialog)).toHaveAccessibleName('Glass Bong, image 1 of 2');
});

test('the wheel zooms under the pointer, up to the picture’s own pixels and no further', async () => {
  const realImage = window.Image;
  // The chosen file, read on its own: 1600 real pixels.
  window.Image = class {
    set src(value) {
      this.naturalWidth = 1600;
      this.complete = true;
    }
  };
  try {
    const { dialog } = await openViewer();
    const image = shown(dialog);
    const stage = image.parentElement;
    Object.defineProperties(image, { offsetWidth: { value: 400 }, offsetHeight: { value: 400 } });
    Object.defineProperties(stage, { clientWidth: { value: 1000 }, clientHeight: { value: 600 } });
    fireEvent.load(image);
    const zoomIn = within(dialog).getByRole('button', { name: 'Zoom in' });
    expect(within(dialog).getByRole('button', { name: 'Zoom out' })).toBeDisabled();

    fireEvent.wheel(stage, { deltaY: -100, clientX: 0, clientY: 0 });
    expect(image.style.transform).toMatch(/scale\(1\.28/);
    for (let i = 0; i < 20; i += 1) fireEvent.wheel(stage, { deltaY: -100, clientX: 0, clientY: 0 });
    // 1600 real pixels over 400 on the screen: four times, and the button says so.
    expect(image.style.transform).toMatch(/scale\(4\)$/);
    expect(zoomIn).toBeDisabled();
    expect(image.style.maxWidth).toBe('min(100%, 1600px)');
    act(() => {
      fireEvent.keyDown(dialog, { key: '0' });
    });
    expect(image.style.transform).toBe('translate(0px, 0px) scale(1)');
  } finally {
    window.Image = realImage;
  }
});

test('the zoom rules: the cap, the pan limits, the point kept under the pointer, the swipe', () => {
  expect(zoomCap(1600, 400, 1)).toBe(4);
  expect(zoomCap(1600, 400, 3)).toBe(2); // a dense screen counts as 2x
  expect(zoomCap(300, 400, 1)).toBe(1); // a small picture is never zoomed past its pixels
  expect(clampOffset({ x: 500, y: -500 }, 2, { width: 400, height: 200 }, { width: 600, height: 600 })).toEqual({ x: 100, y: 0 });
  expect(zoomAround({ scale: 1, x: 0, y: 0 }, 2, { x: 100, y: 0 })).toEqual({ scale: 2, x: -100, y: 0 });
  expect(swipeStep({ x: 300, y: 0 }, { x: 100, y: 20 })).toBe(1);
  expect(swipeStep({ x: 100, y: 0 }, { x: 300, y: 0 })).toBe(-1);
  expect(swipeStep({ x: 100, y: 0 }, { x: 130, y: 0 })).toBe(0);
  expect(swipeStep({ x: 100, y: 0 }, { x: 200, y: 300 })).toBe(0);
});
