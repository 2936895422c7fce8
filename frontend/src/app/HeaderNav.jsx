import { Link, useLocation } from 'react-router';
import { currentTab } from './headerTabs';
import { useDropdown, useTabsFit } from './tabsFit';

function TabLink({ tab, current, className, onNavigate }) {
  return (
    <Link
      to={tab.to}
      data-page={tab.page}
      className={`${className}${current === tab.page ? ' is-active' : ''}`}
      aria-current={current === tab.page ? 'page' : undefined}
      onClick={onNavigate}
    >
      {tab.label}
    </Link>
  );
}

// The tabs that did not fit the row, under a More button (marked when the current page is one
// of them).
function MoreMenu({ tabs, current, onNavigate }) {
  const { ref, open, toggle, close } = useDropdown();
  const holdsCurrent = tabs.some((tab) => tab.page === current);
  const navigate = () => {
    close();
    onNavigate();
  };
  return (
    <div className="header__more" ref={ref}>
      <button
        type="button"
        className={`header__tab header__more-toggle${holdsCurrent ? ' is-active' : ''}`}
        aria-expanded={open}
        aria-controls="header-more"
        onClick={toggle}
      >
        More <span aria-hidden="true">▾</span>
      </button>
      <ul id="header-more" className="header__more-list" hidden={!open}>
        {tabs.map((tab) => (
          <li key={tab.page}>
            <TabLink tab={tab} current={current} className="header__more-link" onNavigate={navigate} />
          </li>
        ))}
      </ul>
    </div>
  );
}

// The tabs (an admin's) or links (a customer's), who is signed in, and Logout. In the row
// (`inRow`), the tabs that fit show and the rest wait under More; in the phone's menu all show.
export function HeaderNav({ links, backOffice, user, inRow, onNavigate, onLogout }) {
  const { pathname } = useLocation();
  const current = currentTab(pathname, links);
  const { areaRef, rulerRef, fit } = useTabsFit(inRow, links.length);
  const shown = links.slice(0, fit);
  const folded = links.slice(fit);
  return (
    <nav className="header__nav" aria-label={backOffice ? 'Admin' : 'Account'}>
      <div className="header__tabs" ref={areaRef}>
        <ul>
          {shown.map((tab) => (
            <li key={tab.page}>
              <TabLink tab={tab} current={current} className="header__tab" onNavigate={onNavigate} />
            </li>
          ))}
        </ul>
        {folded.length ? <MoreMenu tabs={folded} current={current} onNavigate={onNavigate} /> : null}
        {inRow ? (
          <div className="header__ruler-box" aria-hidden="true">
            <ul className="header__ruler" ref={rulerRef}>
              {links.map((tab) => (
                <li key={tab.page} className="header__tab">
                  {tab.label}
                </li>
              ))}
              <li className="header__tab">More ▾</li>
            </ul>
          </div>
        ) : null}
      </div>
      <span className="header__user" title={user?.email}>
        {user?.name || user?.email}
      </span>
      <button type="button" className="button button--ghost button--sm header__logout" onClick={onLogout}>
        Logout
      </button>
    </nav>
  );
}
