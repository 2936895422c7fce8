// The dashboard's two charts. recharts is imported here only, and this file only by the
// dashboard's lazy chunk: shoppers never download it. Each chart is drawn for sighted users and
// hidden from screen readers, which read the same figures from the table beside it.
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { compactMoney, formatDay, formatShortDay, money, toNumber } from '../format';

const BRAND = '#4f46e5';
const ACCENT = '#0f766e';
const HEIGHT = 280;

function ChartFigure({ id, title, summary, note = null, children, table, height = HEIGHT }) {
  return (
    <figure className="dashboard-chart" aria-labelledby={`${id}-caption`}>
      <figcaption id={`${id}-caption`} className="dashboard-chart__caption">
        <span className="dashboard-chart__title">{title}</span>
        <span className="dashboard-chart__summary">{summary}</span>
        {note ? <span className="dashboard-chart__note">{note}</span> : null}
      </figcaption>
      <div className="dashboard-chart__canvas" aria-hidden="true" data-chart={id}>
        <ResponsiveContainer width="100%" height={height} initialDimension={{ width: 640, height }}>
          {children}
        </ResponsiveContainer>
      </div>
      {table}
    </figure>
  );
}

// In a clipped box of its own: a table is never as narrow as the 1 px asked of it, and would
// widen a phone's page.
function DataTable({ caption, columns, rows }) {
  return (
    <div className="visually-hidden">
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row[0]}>
              <th scope="row">{row[0]}</th>
              {row.slice(1).map((cell, i) => (
                <td key={i}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const moneyTooltip = (value, name) => [money(value), name];

export function RevenueByDayChart({ days }) {
  const data = days.map((day) => ({ date: day.date, revenue: toNumber(day.revenue), orders: day.orders }));
  const best = data.reduce((top, day) => (day.revenue > (top?.revenue ?? -1) ? day : top), null);
  const summary = best && best.revenue > 0 ? `Best day: ${formatDay(best.date)}, ${money(best.revenue)}.` : 'No revenue in this period.';
  return (
    <ChartFigure
      id="revenue-by-day"
      title="Revenue per day"
      summary={summary}
      table={
        <DataTable
          caption="Revenue per day"
          columns={['Day', 'Orders', 'Revenue']}
          rows={data.map((day) => [formatDay(day.date), day.orders, money(day.revenue)])}
        />
      }
    >
      <BarChart data={data} margin={{ top: 8, right: 8, bottom: 8, left: 8 }} accessibilityLayer={false}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="date" tickFormatter={formatShortDay} minTickGap={16} />
        <YAxis tickFormatter={compactMoney} width={56} />
        <Tooltip formatter={moneyTooltip} labelFormatter={formatDay} />
        <Bar dataKey="revenue" name="Revenue" fill={BRAND} maxBarSize={48} isAnimationActive={false} />
      </BarChart>
    </ChartFigure>
  );
}

// Category revenue is goods only (reports/selectors.py), unlike the Revenue figure above it.
export const CATEGORY_NOTE = 'Goods at the prices sold: no delivery fees, before order discounts.';

export function RevenueByCategoryChart({ categories }) {
  const data = categories.map((c) => ({ name: c.name, revenue: toNumber(c.revenue), units: c.units }));
  const height = Math.max(HEIGHT, data.length * 36);
  const top = data.reduce((best, c) => (c.revenue > (best?.revenue ?? -1) ? c : best), null);
  const summary = top && top.revenue > 0 ? `Top category: ${top.name}, ${money(top.revenue)}.` : 'No category sales in this period.';
  return (
    <ChartFigure
      id="revenue-by-category"
      height={height}
      title="Revenue per category"
      summary={summary}
      note={CATEGORY_NOTE}
      table={
        <DataTable
          caption="Revenue per category"
          columns={['Category', 'Units', 'Revenue']}
          rows={data.map((c) => [c.name, c.units, money(c.revenue)])}
        />
      }
    >
      <BarChart data={data} layout="vertical" margin={{ top: 8, right: 16, bottom: 8, left: 8 }} accessibilityLayer={false}>
        <CartesianGrid strokeDasharray="3 3" horizontal={false} />
        <XAxis type="number" tickFormatter={compactMoney} />
        <YAxis type="category" dataKey="name" width={120} />
        <Tooltip formatter={moneyTooltip} />
        <Bar dataKey="revenue" name="Revenue" fill={ACCENT} maxBarSize={36} isAnimationActive={false} />
      </BarChart>
    </ChartFigure>
  );
}
