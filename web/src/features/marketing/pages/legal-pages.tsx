import { Link } from 'react-router';
import '../marketing.css';

const updated = 'Last updated November 1, 2026';

/** /termsconditions (docs/product/site.md §2). */
export function TermsPage() {
  return (
    <article className="prose">
      <h1>Terms &amp; Conditions</h1>
      <p className="prose__updated">{updated}</p>
      <p>
        These terms govern your use of Serpwise (“the service”), operated by Serpwise Inc. By creating an account or using the service you agree to
        them. If you use Serpwise for an organisation, you accept them on its behalf.
      </p>
      <h2>1. Your account</h2>
      <p>
        You are responsible for your login details and for everything done with your account, including by team members you add. Tell us at once at{' '}
        <a href="mailto:support@serpwise.example">support@serpwise.example</a> if you think someone else has used it. An account is for one person: share
        research by adding team members, not by sharing a login.
      </p>
      <h2>2. Plans, billing and cancellation</h2>
      <p>
        Paid plans are billed in advance, monthly or annually, until cancelled. Team seats are billed for the rest of the current period when you add
        them. You can cancel at any time from Account › Subscription; the plan stays active until the end of the period you paid for. If you are not
        satisfied, ask for a refund within 30 days of your first payment and we will refund it, no questions asked. There are no long-term contracts.
      </p>
      <h2>3. Acceptable use</h2>
      <ul>
        <li>Do not scrape, resell or republish the data in bulk, or use automated means to extract it beyond the exports and the API your plan includes.</li>
        <li>Do not try to get around plan limits, access controls or rate limits, or probe the service for vulnerabilities outside our disclosure policy.</li>
        <li>Do not use the service to break the law or to infringe anyone’s rights.</li>
      </ul>
      <p>We may suspend accounts that break these rules, after telling you why whenever we can.</p>
      <h2>4. The data</h2>
      <p>
        Rankings, ad histories, traffic and budget figures are estimates built from search results we collect and model. They are provided “as is”
        for research: we work hard to make them accurate but do not guarantee any figure. You may use exports and reports in your own work and with
        your clients.
      </p>
      <h2>5. Your content</h2>
      <p>Projects, keyword lists, notes and report designs you create stay yours. We use them only to provide the service to you.</p>
      <h2>6. Liability</h2>
      <p>
        To the extent the law allows, our total liability for any claim is limited to the amount you paid us in the twelve months before it, and we are
        not liable for indirect or consequential losses such as lost profits.
      </p>
      <h2>7. Changes</h2>
      <p>
        We will e-mail you at least 30 days before a change to these terms takes effect. If you do not agree, you can cancel before then. The terms are
        governed by the laws of the State of Colorado.
      </p>
      <p>
        Questions? <Link to="/company?section=contactUs">Contact us</Link>.
      </p>
    </article>
  );
}

/** /privacypolicy (docs/product/site.md §2). */
export function PrivacyPage() {
  return (
    <article className="prose">
      <h1>Privacy Policy</h1>
      <p className="prose__updated">{updated}</p>
      <p>This policy explains what personal data Serpwise collects, why, and the choices you have. We never sell personal data.</p>
      <h2>What we collect</h2>
      <ul>
        <li>
          <strong>Account data</strong>: your e-mail address, name, password (stored only as a salted hash), and the team members you add.
        </li>
        <li>
          <strong>Billing data</strong>: your plan, receipts, and the card type, last four digits and expiry date. Full card numbers go to our payment
          processor and never reach our servers.
        </li>
        <li>
          <strong>Usage data</strong>: the searches you run, the pages you open and the exports you make, so we can provide your history and improve the
          product. Searches that find nothing are logged for logged-in users so we can add the missing data.
        </li>
        <li>
          <strong>Session data</strong>: a session cookie that keeps you logged in and protects forms against cross-site requests.
        </li>
      </ul>
      <h2>Why we use it</h2>
      <p>To run your account, bill you, answer support requests, keep the service secure (for example, limiting concurrent logins) and improve it.</p>
      <h2>Cookies</h2>
      <p>
        We use one essential session cookie and, when you choose “Remember Me”, keep it for 30 days. Your chosen search territory and a few display
        preferences are kept in your browser’s local storage.
      </p>
      <h2>Sharing</h2>
      <p>
        We share data only with the processors that help us run the service (hosting, e-mail delivery, payments), under contracts that protect it, or
        when the law requires it.
      </p>
      <h2>Retention and your rights</h2>
      <p>
        We keep account data while your account is open and for up to 90 days after you close it, and receipts as long as tax law requires. You can
        ask for a copy of your data, its correction or its deletion at <a href="mailto:privacy@serpwise.example">privacy@serpwise.example</a>.
      </p>
      <h2>Changes</h2>
      <p>We will tell you by e-mail before a material change to this policy takes effect.</p>
    </article>
  );
}

/** /vulnerability-disclosure-policy (docs/product/site.md §2). */
export function VulnerabilityDisclosurePage() {
  return (
    <article className="prose">
      <h1>Vulnerability Disclosure Policy</h1>
      <p className="prose__updated">{updated}</p>
      <p>
        We welcome reports from security researchers. If you believe you have found a security vulnerability in Serpwise, please tell us so we can fix
        it before anyone else finds it.
      </p>
      <h2>How to report</h2>
      <p>
        E-mail <a href="mailto:security@serpwise.example">security@serpwise.example</a> with a description of the issue, the steps to reproduce it, and
        its impact as you understand it. We acknowledge reports within three business days and keep you updated until the issue is resolved.
      </p>
      <h2>Scope</h2>
      <p>The Serpwise web application, its API and the e-mails it sends. Third-party services we use are out of scope; report issues in them to their owners.</p>
      <h2>Please do</h2>
      <ul>
        <li>Test only with accounts you own or have permission to use.</li>
        <li>Stop and tell us as soon as you reach data that is not yours, and do not keep or share it.</li>
        <li>Give us reasonable time to fix the issue before you publish anything about it.</li>
      </ul>
      <h2>Please don’t</h2>
      <ul>
        <li>Run denial-of-service tests, spam, or automated scans that degrade the service for others.</li>
        <li>Use social engineering or physical attacks against our staff or offices.</li>
      </ul>
      <h2>Safe harbour</h2>
      <p>
        If you act in good faith and follow this policy, we will not take legal action against you for your research, and we will credit you in our
        release notes if you wish.
      </p>
    </article>
  );
}
