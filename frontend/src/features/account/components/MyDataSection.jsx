import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Modal } from '../../../components/Modal';
import { useSession } from '../../../lib/session';
import { useToast } from '../../../lib/toast';
import { downloadMyData, useCloseAccount } from '../api';

export const CLOSED_TEXT = 'Your account is closed and your details are erased.';

function CloseAccountDialog({ open, onClose }) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const close = useCloseAccount();
  const { signOut } = useSession();
  const navigate = useNavigate();

  const submit = (e) => {
    e.preventDefault();
    setError('');
    close.mutate(
      { password },
      {
        onSuccess: () => {
          signOut();
          // Said on the sign-in page it leads to, where it stays until dismissed.
          navigate('/login', { replace: true, state: { notice: CLOSED_TEXT } });
        },
        onError: (err) => setError(err?.serverMessage || 'Could not close your account.'),
      },
    );
  };

  return (
    <Modal open={open} onClose={onClose} title="Close my account" size="sm">
      <form className="account-form" onSubmit={submit}>
        <p>
          This erases your name, email, phone and address, signs you out and cannot be undone. Your past orders stay in the shop&apos;s
          books without your details, except the records the law asks us to keep: see My data.
        </p>
        <div className="field">
          <label htmlFor="close-password">Your password</label>
          <input
            id="close-password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </div>
        {error ? (
          <p className="field__error" role="alert">
            {error}
          </p>
        ) : null}
        <div className="account-form__actions">
          <button type="button" className="button" onClick={onClose} disabled={close.isPending}>
            Cancel
          </button>
          <button type="submit" className="button button--danger" disabled={close.isPending}>
            {close.isPending ? 'Closing...' : 'Close my account'}
          </button>
        </div>
      </form>
    </Modal>
  );
}

export function MyDataSection() {
  const [closing, setClosing] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const toast = useToast();

  const download = async () => {
    setDownloading(true);
    try {
      await downloadMyData();
    } catch (err) {
      toast.error(err?.serverMessage || 'Could not download your data.');
    } finally {
      setDownloading(false);
    }
  };

  return (
    <section className="account-form" aria-labelledby="data-title">
      <h2 id="data-title">My data</h2>
      <p>Download everything the shop keeps about you: your details, your orders and your ride requests.</p>
      <button type="button" className="button" onClick={download} disabled={downloading}>
        {downloading ? 'Preparing...' : 'Download my data'}
      </button>
      <p>Closing your account erases your details for good.</p>
      <p>
        Except the records the law asks us to keep for inspection, for the years it sets: the ID check and signature of an order handed
        over, an N2O sale, a delivery of nicotine products. Those keep your name, address and what was checked at hand-over until their time
        is up; your download lists them, why and until when.
      </p>
      <button type="button" className="button button--danger" onClick={() => setClosing(true)}>
        Close my account
      </button>
      {closing ? <CloseAccountDialog open onClose={() => setClosing(false)} /> : null}
    </section>
  );
}
