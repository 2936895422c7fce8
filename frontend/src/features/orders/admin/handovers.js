// Today's handovers: the orders of GET /api/orders?due=today split into deliveries, in the order
// of their booked time, and pickups (placed today), in the order they were placed; in each, those
// still to hand over first. The server
// already answers in time order; sorting here again keeps each group right across pages.
// Which option is which comes from GET /api/shop/info: a delivery books a time
// (`needsAppointment`), a pickup needs no address.
export const isBookedDelivery = (option) => Boolean(option?.needsAppointment);
export const isPickup = (option) => Boolean(option) && !option.needsAddress && !option.needsAppointment;

export function splitHandovers(orders, deliveryOptions) {
  const optionOf = (order) => (deliveryOptions || []).find((o) => o.id === order.deliveryOption);
  const deliveries = [];
  const pickups = [];
  const others = [];
  (orders || []).forEach((order) => {
    const option = optionOf(order);
    if (isBookedDelivery(option)) deliveries.push(order);
    else if (isPickup(option)) pickups.push(order);
    else others.push(order);
  });
  const byId = (a, b) => Number(a.id) - Number(b.id);
  deliveries.sort((a, b) => handedOver(a) - handedOver(b) || timeKey(a.deliveryTime).localeCompare(timeKey(b.deliveryTime)) || byId(a, b));
  pickups.sort((a, b) => handedOver(a) - handedOver(b) || String(a.createdAt).localeCompare(String(b.createdAt)) || byId(a, b));
  return { deliveries, pickups, others };
}

// Orders still to hand over (pending) come first in each group, as the server answers them.
const handedOver = (order) => (order.status === 'pending' ? 0 : 1);

// 'HH:MM' sorts as text; anything else (a missing time) goes last.
function timeKey(text) {
  return /^\d{2}:\d{2}/.test(text || '') ? text : '99:99';
}
