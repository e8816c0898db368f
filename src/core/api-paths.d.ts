/**
 * The API contract's paths, in one place. Paths the specification lists (§7) are kept exactly as
 * written; the others are Òwe's own choice and are marked "ours".
 */
export declare const API: {
    readonly ethnicGroupsPublic: "/api/proverbs/ethnic/public";
    readonly categoriesPublic: "/api/proverbs/category/public";
    readonly packages: "/api/packages/";
    readonly faq: "/api/faq/";
    /** List and search: ?q=&ethnic=&category=&page=&size= (ethnic and category by id or slug). */
    readonly proverbsPublic: "/api/proverbs/public";
    /** One proverb by id or slug. */
    readonly proverbPublic: (idOrSlug: string | number) => string;
    /** A stable daily pick, one proverb per group: ?date=YYYY-MM-DD (the viewer's calendar day). */
    readonly proverbsToday: "/api/proverbs/today";
    /** Most liked first; a daily rotation while nobody has liked anything: ?limit= */
    readonly trendingPublic: "/api/proverbs/trending/public";
    readonly health: "/api/health";
};
/**
 * Path prefixes that belong to the API rather than to the app's routes: the server answers unknown
 * paths under these with a JSON 404, the dev server proxies them, and the service worker never treats
 * them as navigations.
 */
export declare const API_PREFIXES: readonly ["/api/", "/accounts/", "/user/", "/quiz-batch/", "/quiz_attempt/", "/firebase/"];
export declare function isApiPath(pathname: string): boolean;
