import { validate } from "@src/lib/field-errors";
import { LoginBody } from "@src/modules/admin/model";
import { useEffect, useState } from "react";
import { useLocation } from "wouter";
import { api, read } from "../../api/client";
import { ApiError } from "../../api/errors";
import { usePageTitle } from "../../components/chrome/page-title";
import "./admin.css";

export function AdminLogin() {
  usePageTitle("Admin Login");
  const [, navigate] = useLocation();
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const [showPassword, setShowPassword] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});

  // Someone already signed in has nothing to do here.
  useEffect(() => {
    let live = true;
    read(api.api.admin["check-auth"].get()).then(
      () => live && navigate("/admin", { replace: true }),
      () => {},
    );
    return () => {
      live = false;
    };
  }, []);

  async function submit(event: Event) {
    event.preventDefault();
    const errors = validate(LoginBody, { username, password }) ?? {};
    setFieldErrors(errors);
    if (Object.keys(errors).length) return;
    setBusy(true);
    setError(null);
    try {
      await read(api.api.admin.login.post({ username, password }));
      navigate("/admin");
    } catch (e) {
      setError(e instanceof ApiError ? (e.serverMessage ?? "Invalid credentials") : "Login failed. Please try again.");
      setBusy(false);
    }
  }

  const edit = (set: (v: string) => void, field: string) => (event: Event) => {
    set((event.target as HTMLInputElement).value);
    setError(null);
    if (fieldErrors[field]) setFieldErrors({ ...fieldErrors, [field]: "" });
  };

  return (
    <section class="admin-login">
      <article>
        <header>
          <h1>Admin Login</h1>
          <p>Sign in to review form submissions.</p>
        </header>
        <form onSubmit={submit} noValidate>
          {error && (
            <p role="alert" class="form-error">
              {error}
            </p>
          )}
          <label>
            Username
            <input
              name="username"
              autoComplete="username"
              required
              value={username}
              onInput={edit(setUsername, "username")}
              aria-invalid={fieldErrors.username ? true : undefined}
              aria-describedby={fieldErrors.username ? "username-error" : undefined}
            />
            {fieldErrors.username && <small id="username-error">{fieldErrors.username}</small>}
          </label>
          <label for="admin-password">Password</label>
          <div class="password-field" role="group">
            <input
              id="admin-password"
              name="password"
              type={showPassword ? "text" : "password"}
              autoComplete="current-password"
              required
              value={password}
              onInput={edit(setPassword, "password")}
              aria-invalid={fieldErrors.password ? true : undefined}
              aria-describedby={fieldErrors.password ? "password-error" : undefined}
            />
            <button type="button" class="secondary outline" onClick={() => setShowPassword(!showPassword)}>
              {showPassword ? "Hide" : "Show"}
              <span class="visually-hidden"> password</span>
            </button>
          </div>
          {fieldErrors.password && (
            <small id="password-error" class="field-error">
              {fieldErrors.password}
            </small>
          )}
          <button type="submit" disabled={busy} aria-busy={busy}>
            {busy ? "Signing In..." : "Sign In"}
          </button>
        </form>
      </article>
    </section>
  );
}
