/**
 * Honest answers: queries holding a word the sample catalog does not have (a holiday, a shop, a
 * resolution). Each names the words that must be in the answer's `unmatched`, and, where the
 * catalog has the rest, a template that must still be shown (what the answer is about).
 */
export interface HonestQuery {
  q: string;
  /** Words the answer must name in `unmatched`. */
  unmatched: string[];
  /** When the rest of the query is in the catalog: one of these in the first five. */
  answers?: string[];
}

const SALES = ['summer-sale-splash', 'flash-sale-ticker', 'black-friday-countdown', 'black-friday-product-grid', 'free-shipping-weekend', 'bundle-deal-builder'];

export const HONEST_QUERIES: readonly HonestQuery[] = [
  { q: 'halloween sale', unmatched: ['halloween'], answers: SALES },
  { q: 'easter sale', unmatched: ['easter'], answers: SALES },
  { q: 'valentines day promo', unmatched: ['valentines'] },
  { q: 'bakery opening', unmatched: ['bakery'] },
  { q: 'something for a bakery opening', unmatched: ['bakery'] },
  { q: 'dentist hiring', unmatched: ['dentist'], answers: ['were-hiring-bold-type', 'role-spotlight-job-card', 'meet-the-team-hiring-reel', 'remote-team-hiring-globe', 'graduate-program-recruitment'] },
  { q: 'square product launch', unmatched: ['square'], answers: ['minimal-product-launch', 'neon-countdown-launch'] },
  { q: '1:1 testimonial', unmatched: ['1:1'], answers: ['quote-card-testimonial', 'video-testimonial-interview', 'ugc-selfie-testimonial'] },
  { q: 'product launch 4k', unmatched: ['4k'], answers: ['minimal-product-launch', 'neon-countdown-launch'] },
  { q: '1080p countdown', unmatched: ['1080p'], answers: ['neon-countdown-launch', 'black-friday-countdown', 'webinar-registration-countdown', 'countdown-story-sequence'] },
  { q: '4:5 instagram ad', unmatched: ['4:5'] },
  { q: 'jogging', unmatched: ['jogging'], answers: ['fitness-app-energy-promo'] },
  { q: 'yoga studio webinar', unmatched: ['yoga', 'studio'], answers: ['webinar-registration-countdown'] },
  { q: 'crypto exchange launch', unmatched: ['crypto'] },
  { q: 'wedding invitation', unmatched: ['wedding'] },
  { q: 'plumber ad', unmatched: ['plumber'] },
];
