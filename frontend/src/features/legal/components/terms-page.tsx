import { Link } from 'react-router-dom';
import { LegalPage } from './legal-page';

export function TermsPage() {
  return (
    <LegalPage title="Terms of Service">
      <p>
        These Terms of Service ("Terms") govern your use of DineBuds (the "Service"). By creating an account
        or using the Service you agree to these Terms and to our{' '}
        <Link to="/privacy-policy">Privacy Policy</Link>. If you do not agree, do not use the Service.
      </p>

      <h2>1. Eligibility</h2>
      <p>
        You must be at least 13 years old to use DineBuds. If you are under the age of majority where you
        live, you may use the Service only with the consent of a parent or guardian.
      </p>

      <h2>2. Your account</h2>
      <p>
        You are responsible for the information you give us, for keeping your password confidential and for
        everything that happens under your account. Tell us right away if you think someone else has access to
        it; you can sign out other devices under Settings &gt; Security &amp; Privacy.
      </p>

      <h2>3. Your content</h2>
      <p>
        You keep ownership of the reviews, photos, messages and other content you post. You give DineBuds a
        worldwide, non-exclusive, royalty-free licence to host, store, display and distribute that content in
        order to operate and improve the Service. This licence ends when you delete the content or your
        account, except for copies other users have already shared or that we must keep by law.
      </p>

      <h2>4. Community rules</h2>
      <p>When you use DineBuds you agree not to:</p>
      <ul>
        <li>
          post reviews of places you have not visited, or reviews you were paid or rewarded to write without
          saying so;
        </li>
        <li>harass, threaten, impersonate or discriminate against anyone;</li>
        <li>
          post content that is illegal, hateful, sexually explicit, or that infringes someone else's rights;
        </li>
        <li>send spam or unsolicited advertising, or collect other users' information;</li>
        <li>interfere with, overload or try to gain unauthorised access to the Service.</li>
      </ul>
      <p>
        You can report messages and content that break these rules. We may remove content and suspend or close
        accounts that do.
      </p>

      <h2>5. Restaurants and recommendations</h2>
      <p>
        Reviews and rankings reflect the opinions of DineBuds users, not of DineBuds. We do not guarantee the
        accuracy of restaurant information such as addresses, menus, opening hours, prices or allergen
        details. Always confirm important details, especially dietary needs, with the restaurant.
      </p>

      <h2>6. Termination</h2>
      <p>
        You may stop using the Service and delete your account at any time. We may suspend or end your access
        if you break these Terms or if we need to in order to protect users or comply with the law.
      </p>

      <h2>7. Disclaimers</h2>
      <p>
        The Service is provided "as is" and "as available", without warranties of any kind, to the fullest
        extent permitted by law.
      </p>

      <h2>8. Limitation of liability</h2>
      <p>
        To the fullest extent permitted by law, DineBuds is not liable for indirect, incidental, special or
        consequential damages, or for any loss arising from your visits to restaurants or your interactions
        with other users.
      </p>

      <h2>9. Governing law</h2>
      <p>
        These Terms are governed by the laws of the State of California, United States, without regard to its
        conflict of law rules. Disputes will be resolved in the state or federal courts located in California,
        unless the law where you live gives you the right to bring them elsewhere.
      </p>

      <h2>10. Changes to these Terms</h2>
      <p>
        We may update these Terms. When we make material changes we will tell you in the Service before they
        take effect. Continuing to use DineBuds afterwards means you accept the updated Terms.
      </p>

      <h2>11. Contact</h2>
      <p>Questions about these Terms? Write to legal@dinebuds.app.</p>
    </LegalPage>
  );
}
