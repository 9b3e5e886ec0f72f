import { lazy, Suspense } from "react";
import type { CurrentUser } from "../lib/auth";
import { usePopupOnDemand } from "../lib/onDemand";
import { AccountButton } from "./AccountButton";

const loadAccountMenu = () => import("./AccountMenu");
const AccountMenu = lazy(() => loadAccountMenu().then((m) => ({ default: m.AccountMenu })));

/** The header's account menu, its code loaded on demand (lib/onDemand.ts). */
export function AccountMenuOnDemand({ user, onLogout }: { user: CurrentUser; onLogout: () => void }) {
  const { opened, triggerProps } = usePopupOnDemand(loadAccountMenu);
  const plain = <AccountButton user={user} aria-haspopup="menu" aria-expanded={false} {...triggerProps} />;
  if (!opened) return plain;
  return (
    <Suspense fallback={plain}>
      <AccountMenu user={user} onLogout={onLogout} />
    </Suspense>
  );
}
