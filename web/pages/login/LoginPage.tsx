// /login: sign-in by emailed one-time link (no password to forget), for employers and
// registered employees. The link opens /login?token=…, where a Sign in button spends the
// token: opening the page alone (as mail scanners and link previews do) leaves the link
// working. Employers land on their dashboard, employees on /benefits.
import "../enroll/enroll.css";
import "./login.css";
import {
  type ChooseAccount,
  LOGIN_LINK_EXPIRED_MESSAGE,
  LOGIN_LINK_SENT_MESSAGE,
  LoginLinkPayload,
  type Me,
} from "@src/modules/auth/model";
import type { ComponentChildren } from "preact";
import { useEffect, useRef, useState } from "react";
import { Link, useLocation, useSearch } from "wouter";
import { api, read } from "../../api/client";
import { ApiError, messageOf } from "../../api/errors";
import { usePageTitle } from "../../components/chrome/page-title";
import { SubmitButton, TextField } from "../../components/forms/Field";
import { refusal } from "../../components/forms/refusal";
import { AlertNotice } from "../../components/notice/Alerts";
import { refocusIfLost } from "../../lib/focus-after";
import { signInEmailFromHistory } from "../../lib/sign-in-email";
import { askWhenSignedIn } from "../../lib/signed-in-cookie";

type Choice = ChooseAccount["choose"][number];

/** The page both ways of signing in share: whom it is for, and its heading. */
function SignInPage({ children }: { children: ComponentChildren }) {
  return (
    <section class="centered-page login-page">
      <p class="eyebrow">Employers and employees</p>
      <h1>Sign in</h1>
      {children}
    </section>
  );
}

/**
 * Once the link is sent. The form and its button are gone, so the focus goes to the heading:
 * a screen reader says where the person is, and the keyboard goes on from there.
 */
function LinkSent({ sentTo, onDifferentEmail }: { sentTo: string; onDifferentEmail: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section class="centered-page login-page">
      <h1 ref={heading} tabIndex={-1}>
        Check your email
      </h1>
      <p role="status">{LOGIN_LINK_SENT_MESSAGE}</p>
      <p>
        Check the inbox of <strong>{sentTo}</strong>. Open the link on this device to reach your dashboard or your benefits.
      </p>
      <button type="button" class="secondary outline" onClick={onDifferentEmail}>
        Use a different email
      </button>
    </section>
  );
}

function SignInWithLink({ token }: { token: string }) {
  const [, navigate] = useLocation();
  const [pending, setPending] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  // An address with several accounts (an employer who is also an employee, or an employee
  // of two employers) picks one; the link is spent only by that choice.
  const [choices, setChoices] = useState<Choice[] | null>(null);
  // Another account is signed in here: whose link this is, and the choice asked once it is read.
  const [otherAccount, setOtherAccount] = useState<{ message: string; as?: string } | null>(null);
  // The button pressed is gone with its screen: the keyboard and a screen reader go on at whose link it is.
  const otherAccountText = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (otherAccount) otherAccountText.current?.focus();
  }, [otherAccount]);

  async function signIn(as?: string, switchAccount = false) {
    setPending(as ?? "");
    setError(undefined);
    try {
      const answer = await read(
        api.api.auth.callback.post({ token, ...(as ? { as } : {}), ...(switchAccount ? { switchAccount: true } : {}) }),
      );
      if ("choose" in answer) {
        setChoices(answer.choose);
        setPending(null);
        return;
      }
      navigate(answer.redirect, { replace: true });
    } catch (e) {
      // A bad or spent token; a refused choice keeps the list to choose again.
      if (e instanceof ApiError && (e.status === 401 || (e.status === 400 && !as))) {
        navigate("/login?error=expired", { replace: true });
        // The Sign in button went with its screen: the keyboard goes on in the email field.
        refocusIfLost(() => document.getElementById("login-email"));
        return;
      }
      if (e instanceof ApiError && e.status === 409 && e.serverMessage) {
        setChoices(null);
        setOtherAccount({ message: e.serverMessage, as });
        setPending(null);
        return;
      }
      setError(messageOf(e, "We couldn't sign you in. Please try again."));
      setPending(null);
    }
  }

  if (otherAccount) {
    return (
      <section class="centered-page login-page">
        <h1>Someone else is signed in</h1>
        <p id="other-account" tabIndex={-1} ref={otherAccountText}>
          {otherAccount.message}
        </p>
        <AlertNotice message={error} />
        <div class="actions">
          <button
            type="button"
            onClick={() => signIn(otherAccount.as, true)}
            disabled={pending !== null}
            aria-busy={pending !== null ? "true" : undefined}
          >
            {pending !== null ? "Signing in..." : "Sign out the other account and use this link"}
          </button>
          {/* The server sends /dashboard to the signed-in account's own home. */}
          <a href="/dashboard" class="secondary" role="button">
            Keep the account signed in
          </a>
        </div>
      </section>
    );
  }

  if (choices) {
    return (
      <section class="centered-page login-page">
        <h1>Choose where to sign in</h1>
        <p>Your email address opens more than one account. Choose the one you want now; the link is used by this choice.</p>
        <AlertNotice message={error} />
        <ul class="account-choices">
          {choices.map((choice) => (
            <li key={choice.as}>
              <button
                type="button"
                onClick={() => signIn(choice.as)}
                disabled={pending !== null}
                aria-busy={pending === choice.as ? "true" : undefined}
              >
                {choice.label}
              </button>
            </li>
          ))}
        </ul>
      </section>
    );
  }

  return (
    <SignInPage>
      {/* Opening the page does not spend or check the link (mail scanners open it too), so it
          cannot say yet whether the link still works: Sign in finds out. */}
      <p>Press Sign in to use your one-time sign-in link. A link works once, within 15 minutes of being sent.</p>
      <AlertNotice message={error} />
      <button type="button" onClick={() => signIn()} disabled={pending !== null} aria-busy={pending !== null ? "true" : undefined}>
        {pending !== null ? "Signing in..." : "Sign in"}
      </button>
    </SignInPage>
  );
}

export default function LoginPage() {
  usePageTitle("Sign In");
  const search = useSearch();
  const params = new URLSearchParams(search);
  const token = params.get("token");
  if (token) return <SignInWithLink token={token} />;
  return <RequestLink expired={params.get("error") === "expired"} />;
}

function RequestLink({ expired }: { expired: boolean }) {
  const [email, setEmail] = useState(signInEmailFromHistory);
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  // undefined until the server has said whether someone is signed in.
  const [me, setMe] = useState<Me | null | undefined>(undefined);
  // The button that led back is gone with its screen: the keyboard goes on in the email field.
  const returning = useRef(false);
  useEffect(() => {
    if (sentTo || !returning.current) return;
    returning.current = false;
    document.getElementById("login-email")?.focus();
  }, [sentTo]);

  useEffect(() => {
    askWhenSignedIn(() => read(api.api.auth.me.get()))
      .then(setMe)
      .catch(() => setMe(null));
  }, []);

  async function submit(event: Event) {
    event.preventDefault();
    const payload = { email: email.trim() };
    const found = refusal(event, LoginLinkPayload, payload);
    if (found) return setError(found.email);
    setPending(true);
    setError(undefined);
    try {
      await read(api.api.auth["login-link"].post(payload));
      setSentTo(payload.email);
    } catch (e) {
      const apiError = e instanceof ApiError ? e : null;
      setError(apiError?.fieldErrors.email ?? apiError?.serverMessage ?? "We couldn't send the sign-in link. Please try again.");
    } finally {
      setPending(false);
    }
  }

  const home =
    me?.role === "owner" && me.businessId
      ? { href: `/dashboard/${me.businessId}`, label: "Go to your dashboard" }
      : me?.role === "employee"
        ? { href: "/benefits", label: "Go to your benefits" }
        : null;

  if (sentTo) {
    return (
      <LinkSent
        sentTo={sentTo}
        onDifferentEmail={() => {
          returning.current = true;
          setSentTo(null);
        }}
      />
    );
  }

  return (
    <SignInPage>
      {home ? (
        // A link opened again once it has signed the person in: they need their page, not a new link.
        <p class="notice notice-success">
          {expired ? "That sign-in link can't be used again, but you're already signed in." : "You're already signed in."}{" "}
          <Link href={home.href}>{home.label}</Link>
        </p>
      ) : (
        expired && me !== undefined && <AlertNotice message={LOGIN_LINK_EXPIRED_MESSAGE} />
      )}
      <p>
        Enter the email address you enrolled your company with, or the one you registered your benefits with. We'll email you a one-time
        sign-in link, valid for 15 minutes.
      </p>
      <form onSubmit={submit} noValidate class="login-form">
        <TextField
          id="login-email"
          name="email"
          label="Email"
          type="email"
          autoComplete="email"
          required
          value={email}
          error={error}
          maxLength={254}
          onInput={(v) => {
            setEmail(v);
            setError(undefined);
          }}
        />
        <SubmitButton label="Email me a sign-in link" pendingLabel="Sending..." pending={pending} />
      </form>
      <p>
        New here? <Link href="/enroll">Enroll your business</Link>. Not registered yet as an employee? Use the personal link in your
        invitation email.
      </p>
    </SignInPage>
  );
}
