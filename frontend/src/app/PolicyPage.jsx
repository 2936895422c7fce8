import { Link, useParams } from 'react-router';
import { Spinner } from '../components/Spinner';
import { useShopInfo } from '../lib/shopInfo';

// One of the shop's policies (GET /api/shop/info `policies`): open to anyone, signed in or not.
export function PolicyPage() {
  const { policyId } = useParams();
  const { policies, isLoaded } = useShopInfo();
  if (!isLoaded) return <Spinner label="Loading..." />;
  const policy = (policies || []).find((p) => p.id === policyId);
  if (!policy) {
    return (
      <section className="policy-page">
        <h1>Page not found</h1>
        <p>
          <Link to="/">Back to the shop</Link>
        </p>
      </section>
    );
  }
  return (
    <article className="policy-page">
      <h1>{policy.title}</h1>
      {policy.paragraphs.map((text) => (
        <p key={text}>{text}</p>
      ))}
    </article>
  );
}

export default PolicyPage;
