import type { ReactNode } from 'react';

/**
 * The signed-out pages' card: the brand, then the page. The login layout wraps the router's pages in
 * it; the sign-in page of a cold visit is shown in it before the router loads (sign-in-start.tsx).
 */
export function LoginFrame({ status, children }: { status: ReactNode; children: ReactNode }) {
  return (
    <div className="p-login-layout" data-layout="login">
      <main className="p-login-layout__card">
        <div className="p-brand p-brand--large">Postroom</div>
        {status}
        {children}
      </main>
    </div>
  );
}
