import type { JudgedQuery } from './judged-queries.ts';
import { HIRING, SALES, TESTIMONIALS } from './judged-meaning-queries.ts';

const OPENINGS = ['keynote-stage-opener', 'community-meetup-invite', 'gala-save-the-date', 'coming-soon-glitch-teaser', 'pre-order-launch-teaser', 'minimal-product-launch', 'neon-countdown-launch'];

/**
 * Everyday-word queries written for the fifth round, committed before search was changed or
 * measured against them: how people ask (a shop, a bakery, a holiday, a job), with the
 * templates a person would take as right. Scored like the judged set (success@5, MRR).
 */
export const FRESH_MEANING_QUERIES: readonly JudgedQuery[] = [
  { q: 'something for a bakery opening', kind: 'meaning', answers: OPENINGS },
  { q: 'store opening', kind: 'meaning', answers: OPENINGS },
  { q: 'grand opening of our cafe', kind: 'meaning', answers: OPENINGS },
  { q: 'clearance', kind: 'meaning', answers: SALES },
  { q: 'markdown on shoes', kind: 'meaning', answers: SALES },
  { q: 'price cut announcement', kind: 'meaning', answers: SALES },
  { q: 'christmas presents', kind: 'meaning', answers: ['holiday-gift-guide'] },
  { q: 'xmas', kind: 'meaning', answers: ['holiday-gift-guide'] },
  { q: 'vacation season deals', kind: 'meaning', answers: ['summer-sale-splash', 'holiday-gift-guide'] },
  { q: 'we are recruiting nurses', kind: 'meaning', answers: HIRING },
  { q: 'vacancy', kind: 'meaning', answers: HIRING },
  { q: 'student job program', kind: 'meaning', answers: ['graduate-program-recruitment'] },
  { q: 'client feedback', kind: 'meaning', answers: TESTIMONIALS },
  { q: 'happy customers', kind: 'meaning', answers: TESTIMONIALS },
  { q: 'endorsement', kind: 'meaning', answers: TESTIMONIALS },
  { q: 'concert tickets', kind: 'meaning', answers: ['music-festival-hype-reel'] },
  { q: 'dj night', kind: 'meaning', answers: ['music-festival-hype-reel'] },
  { q: 'radio show episode', kind: 'meaning', answers: ['podcast-audiogram-teaser'] },
  { q: 'interview with a guest', kind: 'meaning', answers: ['podcast-audiogram-teaser', 'video-testimonial-interview'] },
  { q: 'gym membership', kind: 'meaning', answers: ['fitness-app-energy-promo'] },
  { q: 'running app', kind: 'meaning', answers: ['fitness-app-energy-promo'] },
  { q: 'relaxation', kind: 'meaning', answers: ['calm-wellness-app-spot'] },
  { q: 'insomnia app', kind: 'meaning', answers: ['calm-wellness-app-spot'] },
  { q: 'restaurant takeout', kind: 'meaning', answers: ['food-delivery-app-promo'] },
  { q: 'meal delivery', kind: 'meaning', answers: ['food-delivery-app-promo'] },
  { q: 'bank app', kind: 'meaning', answers: ['fintech-app-trust-promo'] },
  { q: 'savings account', kind: 'meaning', answers: ['fintech-app-trust-promo', 'bundle-deal-builder'] },
  { q: 'clothes shop new season', kind: 'meaning', answers: ['new-arrivals-lookbook'] },
  { q: 'product tutorial', kind: 'meaning', answers: ['cursor-click-walkthrough'] },
  { q: 'software demo', kind: 'meaning', answers: ['cursor-click-walkthrough', 'dashboard-feature-spotlight', 'app-store-feature-tour'] },
  { q: 'new version out now', kind: 'meaning', answers: ['whats-new-app-update', 'monthly-release-notes-roundup'] },
  { q: 'fundraising dinner', kind: 'meaning', answers: ['gala-save-the-date'] },
  { q: 'wedding invitation', kind: 'meaning', answers: ['gala-save-the-date'] },
  { q: 'seminar signup', kind: 'meaning', answers: ['webinar-registration-countdown', 'community-meetup-invite'] },
  { q: 'exhibition stand', kind: 'meaning', answers: ['trade-show-booth-loop'] },
  { q: 'company history', kind: 'meaning', answers: ['brand-origin-story'] },
  { q: 'new logo', kind: 'meaning', answers: ['rebrand-reveal-morph', 'liquid-logo-sting', 'brand-colors-mosaic-intro'] },
  { q: 'funny video', kind: 'meaning', answers: ['meme-format-teaser'] },
  { q: 'mystery teaser', kind: 'meaning', answers: ['coming-soon-glitch-teaser', 'blur-reveal-teaser'] },
  { q: 'video game', kind: 'meaning', answers: ['mobile-game-launch-trailer'] },
  { q: 'shipping offer', kind: 'meaning', answers: ['free-shipping-weekend'] },
  { q: 'team photo', kind: 'meaning', answers: ['meet-the-team-hiring-reel'] },
];
