import { Spinner } from '../../../components/Spinner';
import { useMyDetails } from '../api';
import { ChangePasswordForm } from './ChangePasswordForm';
import { DetailsForm } from './DetailsForm';
import { MyDataSection } from './MyDataSection';
import './account.css';

export function AccountPage() {
  const me = useMyDetails();
  return (
    <main id="main" className="account-page">
      <h1>My Account</h1>
      {me.isPending ? <Spinner label="Loading your details..." /> : null}
      {me.isError ? (
        <p className="field__error" role="alert">
          {me.error?.serverMessage || 'Could not load your details.'}
        </p>
      ) : null}
      {me.data ? (
        <>
          <DetailsForm me={me.data} />
          <ChangePasswordForm me={me.data} />
          <MyDataSection />
        </>
      ) : null}
    </main>
  );
}

export default AccountPage;
