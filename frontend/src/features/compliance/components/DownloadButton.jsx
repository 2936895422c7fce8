import { useState } from 'react';
import { serverMessage } from '../../../lib/api';
import { useToast } from '../../../lib/toast';
import { downloadRecord } from '../api';

// A record as a file (CSV or PDF), fetched with the admin's token.
export function DownloadButton({ path, params, fallbackName, label }) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    if (busy) return;
    setBusy(true);
    try {
      await downloadRecord(path, params, fallbackName);
    } catch (err) {
      toast.error(serverMessage(err, `The ${label} could not be downloaded. Please try again.`));
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className="admin-button admin-button--secondary" onClick={download} aria-busy={busy} disabled={busy}>
      {busy ? `Preparing ${label}...` : `Download ${label}`}
    </button>
  );
}

export default DownloadButton;
