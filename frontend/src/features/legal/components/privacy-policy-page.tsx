import { Link } from 'react-router-dom';
import { LegalPage } from './legal-page';

export function PrivacyPolicyPage() {
  return (
    <LegalPage title="Privacy Policy">
      <p>
        This Privacy Policy explains what information DineBuds ("DineBuds", "we", "us") collects when you use
        our website and apps (the "Service"), how we use it, and the choices you have. By using the Service
        you agree to this policy.
      </p>

      <h2>1. Information you give us</h2>
      <ul>
        <li>
          <strong>Account details:</strong> your name, username and password. Passwords are stored only as a
          salted, one-way hash; we never see or store them in readable form.
        </li>
        <li>
          <strong>Profile details:</strong> an optional profile photo, a bio, your privacy setting, and the
          FlavorBuds and CityBuds badges you choose.
        </li>
        <li>
          <strong>Content:</strong> restaurant reviews, ratings, notes, saved restaurants, check-ins, messages
          to other users, reports and feedback you send us.
        </li>
      </ul>

      <h2>2. Information collected automatically</h2>
      <ul>
        <li>
          <strong>Session data:</strong> when you sign in we set a single, essential cookie that keeps you
          signed in. We record the browser (user agent), IP address and times of each session so you can
          review and revoke them under Settings &gt; Security &amp; Privacy &gt; Sessions.
        </li>
        <li>
          <strong>Location:</strong> only if you allow it in your browser, to show restaurants near you. We do
          not store your precise location history.
        </li>
        <li>
          <strong>Technical logs:</strong> request logs kept for a limited time to keep the Service secure and
          working.
        </li>
      </ul>
      <p>We do not use advertising cookies and we do not sell your personal information.</p>

      <h2>3. How we use information</h2>
      <ul>
        <li>
          To provide the Service: show your profile, reviews and badges, and rank restaurants from your buds'
          reviews.
        </li>
        <li>To keep accounts secure, prevent abuse and investigate reports.</li>
        <li>To answer your feedback and improve the Service.</li>
        <li>To comply with legal obligations.</li>
      </ul>

      <h2>4. What other people can see</h2>
      <p>
        Your name, username, photo, bio, badges and review level are visible to anyone. If your profile is
        public, your reviews and saved restaurants are visible to everyone; if it is private, only followers
        you approve can see them. Messages are visible only to you and the person you exchange them with,
        except when a message is reported to our moderators.
      </p>

      <h2>5. Sharing</h2>
      <p>
        We share information only with service providers who host and operate the Service on our behalf under
        confidentiality obligations, when required by law or to protect the rights and safety of our users, or
        as part of a merger or acquisition, in which case this policy continues to apply.
      </p>

      <h2>6. Retention and deletion</h2>
      <p>
        We keep your information while your account is active. When you delete your account we delete or
        anonymise your personal information within 30 days, except where we must keep it to meet legal
        obligations.
      </p>

      <h2>7. Your rights</h2>
      <p>
        You can view and edit your profile at any time in Settings. Depending on where you live, including
        under the California Consumer Privacy Act, you may have the right to know what personal information we
        hold about you, to receive a copy of it, to have it corrected or deleted, and not to be discriminated
        against for exercising these rights. Contact us to make a request.
      </p>

      <h2>8. Children</h2>
      <p>
        DineBuds is not intended for children under 13, and we do not knowingly collect personal information
        from them. If you believe a child under 13 has created an account, contact us and we will delete it.
      </p>

      <h2>9. Security</h2>
      <p>
        We use industry-standard measures to protect your information, including hashed passwords, HTTP-only
        session cookies and encrypted connections. No service is perfectly secure, so please use a strong,
        unique password.
      </p>

      <h2>10. Changes</h2>
      <p>
        We may update this policy. When we make material changes we will tell you in the Service before they
        take effect. The date at the top shows when it last changed.
      </p>

      <h2>11. Contact</h2>
      <p>
        Questions about privacy? Write to privacy@dinebuds.app. See also our{' '}
        <Link to="/terms">Terms of Service</Link>.
      </p>
    </LegalPage>
  );
}
