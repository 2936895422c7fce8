import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Drawer } from '../../../components/Drawer';
import { useCart } from '../../../lib/cart';
import { meQuery, useSession } from '../../../lib/session';
import { EMPTY_FORM, prefillCheckout } from '../checkoutRules';
import { useCheckout } from '../useCheckout';
import { CartStep } from './CartStep';
import { CheckoutStep } from './CheckoutStep';
import { DeliveryStep } from './DeliveryStep';
import './cart.css';

const TITLES = { cart: 'Shopping Cart', delivery: 'Delivery Options', checkout: 'Checkout' };

export function CartDrawer() {
  const { isOpen, close, setPlace } = useCart();
  const [step, setStep] = useState('cart');
  const [option, setOption] = useState('');
  const [form, setForm] = useState(EMPTY_FORM);
  // The one promo code the shopper applied in the cart: every quote and the checkout carry it.
  const [promoCode, setPromoCode] = useState('');
  const { placing, submit } = useCheckout();
  const { user } = useSession();
  // The saved details are asked for when the checkout form opens, not with every cart.
  const me = useQuery({ ...meQuery(user?.id), enabled: Boolean(user) && step === 'checkout', retry: false });

  useEffect(() => {
    if (step === 'checkout' && me.data) setForm((current) => prefillCheckout(current, me.data));
  }, [step, me.data]);

  // The place chosen here is the one the product pages ask the compliance rules about.
  useEffect(() => {
    if (option) setPlace({ deliveryOption: option, deliveryZip: form.deliveryZip, shippingState: form.shippingState });
  }, [option, form.deliveryZip, form.shippingState, setPlace]);

  // Closing the drawer resets it to the cart step (the form is kept, so a shopper
  // who closes it by mistake does not retype it).
  useEffect(() => {
    if (!isOpen) setStep('cart');
  }, [isOpen]);

  async function place(payload) {
    const answer = await submit(payload);
    if (answer.placed) {
      setForm(EMPTY_FORM);
      setOption('');
      setPromoCode('');
      setStep('cart');
    }
    return answer;
  }

  return (
    <Drawer open={isOpen} onClose={close} title={TITLES[step]}>
      <div className="cart-drawer">
        {step === 'cart' && (
          <CartStep onContinue={() => setStep('delivery')} form={form} option={option} promoCode={promoCode} onPromoCode={setPromoCode} />
        )}
        {step === 'delivery' && (
          <DeliveryStep
            option={option}
            form={form}
            promoCode={promoCode}
            onSelect={setOption}
            onBack={() => setStep('cart')}
            onContinue={() => setStep('checkout')}
          />
        )}
        {step === 'checkout' && (
          <CheckoutStep
            me={me.data}
            option={option}
            form={form}
            promoCode={promoCode}
            onChange={setForm}
            onBack={() => setStep('delivery')}
            placing={placing}
            onPlace={place}
          />
        )}
      </div>
    </Drawer>
  );
}
