/** The other person of a conversation, as a profile or an inbox row knows them. */
export interface ChatPartner {
  id: number;
  username: string;
  name: string | null;
  profilePicture: string | null;
  /** Their account is deactivated (the inbox says so): they cannot be messaged now. */
  deactivated?: boolean;
}

export const partnerName = (partner: ChatPartner) => partner.name?.trim() || partner.username;
