import { Carousel } from '../../../components/Carousel';
import { Modal } from '../../../components/Modal';

// Full-screen viewer; Modal supplies Escape to close, the focus trap and focus return.
export function ImageViewer({ open, images, index, onIndexChange, onClose, name }) {
  return (
    <Modal open={open} onClose={onClose} title={name} size="full" className="image-viewer">
      <Carousel
        items={images}
        index={index}
        onIndexChange={onIndexChange}
        label={`${name} images, full screen`}
        renderItem={(src, i) => <img src={src} alt={`${name}, image ${i + 1} of ${images.length}`} className="image-viewer__image" />}
      />
    </Modal>
  );
}

export default ImageViewer;
