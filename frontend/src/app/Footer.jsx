import { Link } from 'react-router';
import { formatClock } from '../lib/format';
import { useShopInfo } from '../lib/shopInfo';
import './footer.css';

// The shop front's footer: where the shop is, when it delivers, how to reach it, and its
// policies, every word from GET /api/shop/info (the settings and storesettings/policies.py).
export function Footer() {
  const { name, pickupLocation, pickupPhone, deliveryHours, policies, isLoaded } = useShopInfo();
  if (!isLoaded) return null;
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <section className="site-footer__shop" aria-label="Contact">
          <p className="site-footer__name">{name}</p>
          <address className="site-footer__address">{pickupLocation}</address>
          {deliveryHours ? (
            <p>
              Delivery hours: {formatClock(deliveryHours.start)} – {formatClock(deliveryHours.end)}
            </p>
          ) : null}
          {pickupPhone ? (
            <p>
              Phone: <a href={`tel:${pickupPhone.replace(/[^\d+]/g, '')}`}>{pickupPhone}</a>
            </p>
          ) : null}
        </section>
        <nav className="site-footer__links" aria-label="Policies">
          <ul>
            {(policies || []).map((policy) => (
              <li key={policy.id}>
                <Link to={`/policies/${policy.id}`}>{policy.title}</Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </footer>
  );
}

export default Footer;
