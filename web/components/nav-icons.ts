import {
  Award,
  Building2,
  CalendarDays,
  ClipboardList,
  Landmark,
  LayoutDashboard,
  ListOrdered,
  type LucideIcon,
  Megaphone,
  ShieldCheck,
  Timer,
  UserRound,
  Users,
  UsersRound,
} from 'lucide-react';
import type { PortalIcon } from '../lib/portal/nav.ts';

/** One icon per portal page, shared by the side navigation and the dashboard's shortcuts. */
export const PORTAL_ICONS: Record<PortalIcon, LucideIcon> = {
  dashboard: LayoutDashboard,
  profile: UserRound,
  events: CalendarDays,
  announcements: Megaphone,
  teams: UsersRound,
  registrations: ClipboardList,
  'run-orders': ListOrdered,
  results: Timer,
  qualifying: Award,
  users: Users,
  departments: Building2,
  'admin-users': ShieldCheck,
  legacy: Landmark,
};
