// /admin/reviews: the review queue on its own address, behind the admin sign-in.
import "./admin.css";
import { useEffect, useState } from "react";
import { Link, useLocation } from "wouter";
import { api, read } from "../../api/client";
import { ReviewsView } from "./ReviewsView";

export function AdminReviewsPage() {
  const [, navigate] = useLocation();
  const [admin, setAdmin] = useState<string | null>(null);
  const toLogin = () => navigate("/admin/login", { replace: true });

  useEffect(() => {
    let live = true;
    read(api.api.admin["check-auth"].get())
      .then((status) => live && setAdmin(status.username))
      .catch(() => live && toLogin());
    return () => {
      live = false;
    };
  }, []);

  if (!admin) return <p aria-busy="true">Loading the review queue...</p>;
  return (
    <section class="admin-dashboard">
      <p>
        <Link href="/admin">Back to the dashboard</Link> · <span class="muted">Signed in as {admin}</span>
      </p>
      <ReviewsView onUnauthorized={toLogin} />
    </section>
  );
}
