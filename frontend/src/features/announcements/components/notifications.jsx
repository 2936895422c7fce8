// Browser notifications: asked for only when the staff member presses the button (browsers
// refuse a request made without one), shown only once allowed.
const supported = () => typeof window !== 'undefined' && 'Notification' in window;

export const notificationPermission = () => (supported() ? window.Notification.permission : 'unsupported');

export function showNotification({ title, body, tag }) {
  if (notificationPermission() !== 'granted') return;
  try {
    // The tag keeps one notice per order when several back-office tabs are open.
    new window.Notification(title, { body, tag });
  } catch {
    /* some browsers allow notifications from a service worker only: the beep and title remain */
  }
}

export function NotificationSwitch({ permission, onChange }) {
  if (permission === 'default') {
    const ask = async () => {
      try {
        onChange(await window.Notification.requestPermission());
      } catch {
        onChange(notificationPermission());
      }
    };
    return (
      <button type="button" className="button button--ghost button--sm announcements__allow" onClick={ask}>
        Allow notifications
      </button>
    );
  }
  if (permission === 'denied') {
    return <span className="announcements__muted">Notifications are blocked in this browser&apos;s settings.</span>;
  }
  return null;
}
