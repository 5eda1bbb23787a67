import SimulcastCore
import Testing
import TrackMatching

/// Real hard cases from other matchers' issue trackers and spotDL's tests (provenance in
/// `HardCase.id`; the shared data set's `hard-dev.jsonl`, copied here so the tests stand
/// alone). Each asserts the decision and the reason given for it.
@Suite struct HardCasesTests {
    struct HardCase: Sendable, CustomTestStringConvertible {
        var id: String
        var category: String
        var source: TrackMetadata
        var candidates: [TrackMetadata]
        var expected: String?
        var reason: String
        var testDescription: String { "\(id) (\(category))" }
    }

    static func track(service: String, id: String, title: String, artists: [String], album: String? = nil, durationMs: Int? = nil, explicit: Bool? = nil)
        -> TrackMetadata
    {
        TrackMetadata(
            service: MusicService(rawValue: service), id: id, title: title, artists: artists, album: album, durationMs: durationMs, explicit: explicit)
    }

    static let cases: [HardCase] = [
        HardCase(
            id: "hard-24", category: "remix",
            source: track(service: "spotify", id: "hard-24-src", title: "Miracle", artists: ["Calvin Harris", "Ellie Goulding"]),
            candidates: [
                track(service: "target", id: "t1", title: "Miracle (Extended)", artists: ["Calvin Harris", "Ellie Goulding"]),
                track(service: "target", id: "t2", title: "Miracle (Church Version)", artists: ["Calvin Harris", "Ellie Goulding"]),
            ],
            expected: nil, reason: "another version"),
        HardCase(
            id: "hard-42", category: "karaoke-cover",
            source: track(service: "spotify", id: "hard-42-src", title: "Herr Dokter", artists: ["The Butcher Sisters"]),
            candidates: [track(service: "target", id: "t1", title: "Herr Dokter (Karaoke Version)", artists: [])],
            expected: nil, reason: "another version"),
        HardCase(
            id: "hard-35", category: "same-artist-other-song",
            source: track(service: "spotify", id: "hard-35-src", title: "Under The Bridge", artists: ["Red Hot Chili Peppers"]),
            candidates: [track(service: "target", id: "t1", title: "Around the World", artists: ["Red Hot Chili Peppers"])],
            expected: nil, reason: "another title"),
        HardCase(
            id: "hard-33", category: "punctuation", source: track(service: "spotify", id: "hard-33-src", title: "少女Ｓ", artists: ["SCANDAL"]),
            candidates: [track(service: "target", id: "t1", title: "少女S", artists: ["SCANDAL"])],
            expected: "t1", reason: "same title"),
        HardCase(
            id: "hard-f3", category: "absent", source: track(service: "spotify", id: "hard-f3-src", title: "Hoy Como Ayer?", artists: ["Tim Walker-Price"]),
            candidates: [track(service: "target", id: "t1", title: "Ayer (Cover Audio)", artists: ["Matisse"])],
            expected: nil, reason: "another version"),
        HardCase(
            id: "spotdl-51YZAJhOwIC5Gg3jMbAmhZ", category: "spotdl",
            source: track(
                service: "spotify", id: "51YZAJhOwIC5Gg3jMbAmhZ", title: "For Whom The Bell Tolls (Remastered)", artists: ["Metallica"],
                album: "Ride The Lightning (Deluxe Remaster)", durationMs: 309973, explicit: false),
            candidates: [
                track(
                    service: "target", id: "B_HSa1dEL9s", title: "For Whom The Bell Tolls", artists: ["Metallica"], album: "Ride The Lightning",
                    durationMs: 310000),
                track(
                    service: "target", id: "PNTOTp6v8a8", title: "For Whom The Bell Tolls (Live)", artists: ["Metallica"],
                    album: "Live At The Reunion Arena, Dallas, Tx 5 Feb '89", durationMs: 273000),
                track(
                    service: "target", id: "SvbjL7Ajfd0", title: "For Whom The Bell Tolls (Live)", artists: ["Metallica", "San Francisco Symphony"],
                    album: "For Whom The Bell Tolls (Live)", durationMs: 277000),
                track(service: "target", id: "TydZ4NAXMic", title: "Orion", artists: ["Metallica"], album: "Master of Puppets", durationMs: 508000),
                track(
                    service: "target", id: "nDJK8QQSN3A", title: "For Whom The Bell Tolls", artists: ["Metallica"], album: "Live in Indiana 1988 - Part One",
                    durationMs: 261000),
                track(service: "target", id: "CHIWNDAwTqQ", title: "Enter Sandman", artists: ["Metallica"], album: "Metallica", durationMs: 332000),
                track(
                    service: "target", id: "jMt8aAn8lOs", title: "For Whom the Bell Tolls (Live - Seattle '89)", artists: ["Metallica"],
                    album: "...And Justice for All (Remastered Deluxe Box Set)", durationMs: 331000),
                track(
                    service: "target", id: "j-jm4NxvKQU", title: "For Whom The Bell Tolls (Live in Mexico City)", artists: ["Metallica"],
                    album: "Live S**t: Binge & Purge", durationMs: 349000),
            ],
            expected: "B_HSa1dEL9s", reason: "same title"),
        HardCase(
            id: "hard-58", category: "album-twin",
            source: track(service: "spotify", id: "hard-58-src", title: "Don't Cry", artists: ["Guns N' Roses"], album: "Use Your Illusion II"),
            candidates: [
                track(service: "target", id: "t1", title: "Don't Cry", artists: ["Guns N' Roses"], album: "Use Your Illusion I"),
                track(service: "target", id: "t2", title: "Don't Cry", artists: ["Guns N' Roses"], album: "Use Your Illusion II"),
            ],
            expected: "t2", reason: "releases of the same recording"),
        HardCase(
            id: "hard-50", category: "absent", source: track(service: "spotify", id: "hard-50-src", title: "Of The Trees", artists: ["Blue Mile"]),
            candidates: [track(service: "target", id: "t1", title: "Rain Sounds: 2 Hour Relaxing Rain Shower", artists: [])],
            expected: nil, reason: "other numbering"),
        HardCase(
            id: "hard-23", category: "remix", source: track(service: "spotify", id: "hard-23-src", title: "Promises", artists: ["Calvin Harris"]),
            candidates: [track(service: "target", id: "t1", title: "Promises (OFFAIAH Remix)", artists: ["Calvin Harris"])],
            expected: nil, reason: "another version"),
        HardCase(
            id: "hard-46", category: "karaoke-cover", source: track(service: "spotify", id: "hard-46-src", title: "Take Me Home, Country Roads", artists: []),
            candidates: [track(service: "target", id: "t1", title: "Take Me Home, Country Roads (Instrumental)", artists: [])],
            expected: nil, reason: "another version"),
        HardCase(
            id: "spotdl-4gUhTVOMZBQSYB51TdeZQV", category: "spotdl",
            source: track(
                service: "spotify", id: "4gUhTVOMZBQSYB51TdeZQV", title: "zapach zimy i papierosów", artists: ["Hodak", "Miroff", "DJ Eprom"],
                album: "zapach zimy i papierosów", durationMs: 139534, explicit: true),
            candidates: [
                track(
                    service: "target", id: "bS_dalKyQl8", title: "Hodak/Miroff - zapach zimy i papierosów (feat. DJ Eprom)", artists: ["Hodak"],
                    durationMs: 140000),
                track(service: "target", id: "b3n-IR6sRg0", title: "Stare Ulice WWA", artists: ["Hodak", "2K"], album: "Custom", durationMs: 151000),
                track(
                    service: "target", id: "6YlJ9F7YDuc", title: "Sokó//Pih/O.s.t.r./Kroolik Underwood", artists: ["Dj Decks"], album: "MIXTAPE 5",
                    durationMs: 206000),
                track(
                    service: "target", id: "AgtlJzE_O2M", title: "Flat White at Napar feat. DJ CHMIELIX (feat. DJ CHMIELIX)",
                    artists: ["RODZIEWICZ", "Steve Nash"], album: "MUZYKA MOJA I NASHA", durationMs: 273000),
                track(
                    service: "target", id: "Fkrm0TDGzqg", title: "Światło odbite w spadającej kropli wody (nieważne jak krótko) (feat. Raf Skowroński)",
                    artists: ["Głodne Duchy"], album: "Głodne Duchy", durationMs: 321000),
                track(
                    service: "target", id: "JrBd9sHtdHQ", title: "Pachnie robotą", artists: ["KPSN", "Świeca", "Bokser", "DJ Te"], album: "Pora się żegnać",
                    durationMs: 221000),
                track(
                    service: "target", id: "b18JF7Huq_Q", title: "Chleje Wude Z Moim Cotem (mit Pikers, Jevns, Mvzr & DJ Luter One)", artists: ["Młody Bóg"],
                    album: "Chleje Wude Z Moim Cotem", durationMs: 155000),
                track(
                    service: "target", id: "63nf-NJXglA", title: "Zabieram Cię ze sobą (mit eRbit & Rybson)", artists: ["Piekielny"], album: "Zaczekaj na mnie",
                    durationMs: 222000),
            ],
            expected: "bS_dalKyQl8", reason: "same title"),
        HardCase(
            id: "spotdl-6cmm1LMvZdB5zsCwX5BjqE", category: "spotdl",
            source: track(
                service: "spotify", id: "6cmm1LMvZdB5zsCwX5BjqE", title: "Down", artists: ["Jay Sean", "Lil Wayne"], album: "All Or Nothing",
                durationMs: 212506, explicit: false),
            candidates: [
                track(
                    service: "target", id: "DQ514qIthSc", title: "Down (feat. Lil Wayne)", artists: ["Jay Sean"], album: "All Or Nothing", durationMs: 213000),
                track(service: "target", id: "e2YvS6fd1mg", title: "Down (feat. U-Jean)", artists: ["Norda", "Master Blaster", "DJ EmJo"], durationMs: 184000),
                track(service: "target", id: "WmsWF3umqgk", title: "Down", artists: ["Finn HP"], durationMs: 171000),
                track(
                    service: "target", id: "wmXXDujeu_8", title: "Jay Sean - Down (No'Side Remix) Feat. Lil' Wayne, Drake & Akon",
                    artists: ["OfficialMusicUpdate"], durationMs: 263000),
                track(service: "target", id: "Q8_-sewfi9w", title: "Down (W/O Rap Edit)", artists: ["Jay Sean"], album: "Down", durationMs: 197000),
                track(
                    service: "target", id: "fKGHEEOsAyI", title: "Down (Chasing Pluto Remix) (feat. Lil Wayne)", artists: ["Jay Sean"], album: "Down",
                    durationMs: 228000),
                track(
                    service: "target", id: "PoK7gKQU0Ek", title: "Down (Jason Nevins Remix) (feat. Lil Wayne)", artists: ["Jay Sean"], album: "Down",
                    durationMs: 220000),
                track(
                    service: "target", id: "pIaXlxUyaQU", title: "Down (Candle Light Remix)", artists: ["Jay Sean"], album: "All Or Nothing", durationMs: 195000
                ),
            ],
            expected: "DQ514qIthSc", reason: "same album"),
        HardCase(
            id: "hard-49", category: "same-title-other-artist", source: track(service: "spotify", id: "hard-49-src", title: "Anti Up", artists: ["Chromatic"]),
            candidates: [
                track(service: "target", id: "t1", title: "Anti Up", artists: ["Control The Media"]),
                track(service: "target", id: "t2", title: "Anti Up", artists: ["Chromatic"]),
            ],
            expected: "t2", reason: "same title"),
        HardCase(
            id: "hard-20", category: "version-tag", source: track(service: "spotify", id: "hard-20-src", title: "Zwei Seelen", artists: []),
            candidates: [track(service: "target", id: "t1", title: "Zwei Seelen (aus \"Die Schöne und das Biest\" deutscher Film-Soundtrack)", artists: [])],
            expected: "t1", reason: "same title"),
        HardCase(
            id: "hard-09", category: "version-tag", source: track(service: "spotify", id: "hard-09-src", title: "Kryptonite", artists: ["3 Doors Down"]),
            candidates: [track(service: "target", id: "t1", title: "Kryptonite (2000 Remaster)", artists: ["3 Doors Down"])],
            expected: "t1", reason: "same title"),
        HardCase(
            id: "hard-45a", category: "remix", source: track(service: "spotify", id: "hard-45a-src", title: "Vossi Bop", artists: ["Stormzy"]),
            candidates: [
                track(service: "target", id: "t1", title: "Vossi Bop (Remix)", artists: ["Stormzy"]),
                track(service: "target", id: "t2", title: "Vossi Bop", artists: ["Stormzy"]),
            ],
            expected: "t2", reason: "same title"),
        HardCase(
            id: "hard-f5", category: "punctuation", source: track(service: "spotify", id: "hard-f5-src", title: "Raml - Billy Esteban Remix", artists: []),
            candidates: [track(service: "target", id: "t1", title: "Raml (Billy Esteban Remix)", artists: [])],
            expected: "t1", reason: "same title"),
        HardCase(
            id: "hard-60", category: "version-tag",
            source: track(service: "spotify", id: "hard-60-src", title: "Bad Blood (feat. Kendrick Lamar)", artists: ["Taylor Swift"]),
            candidates: [track(service: "target", id: "t1", title: "Bad Blood (Taylor's Version)", artists: ["Taylor Swift"])],
            expected: nil, reason: "another version"),
        HardCase(
            id: "hard-f1", category: "numbers", source: track(service: "spotify", id: "hard-f1-src", title: "Hayloft", artists: []),
            candidates: [track(service: "target", id: "t1", title: "Hayloft II", artists: [])],
            expected: nil, reason: "other numbering"),
        HardCase(
            id: "hard-21", category: "version-tag", source: track(service: "spotify", id: "hard-21-src", title: "Let It Go", artists: []),
            candidates: [track(service: "target", id: "t1", title: "Let It Go (Motion Picture Version)", artists: [])],
            expected: nil, reason: "another version"),
        HardCase(
            id: "spotdl-2PpTUW96jjJYr8ib8RUnUu", category: "spotdl",
            source: track(
                service: "spotify", id: "2PpTUW96jjJYr8ib8RUnUu", title: "י'א 2", artists: ["Tuna"], album: "טונהפארק", durationMs: 176440, explicit: false),
            candidates: [
                track(service: "target", id: "jz2ZdtIM1Zc", title: "י'א 2", artists: ["טונה"], album: "טונהפארק", durationMs: 177000),
                track(
                    service: "target", id: "NcqSYifDe3g", title: "י\"א 2 (קיסריה אנפלאגד)", artists: ["טונה"], album: "קיסריה אנפלאגד 2022", durationMs: 245000),
                track(service: "target", id: "Vwa1F9S-2aY", title: "פוטושופ (feat. Tuna)", artists: ["Adi Ulmansky"], album: "2 בלילה", durationMs: 202000),
                track(
                    service: "target", id: "25N_Cd-JSUo", title: "כנפיים (Live)", artists: ["טונה", "מרגלית צנעני"], album: "כנפיים (Live)", durationMs: 291000),
                track(service: "target", id: "YSEiYbZyqZo", title: "נשאר בחיים (לייב)", artists: ["טונה"], album: "גם זה יעבור", durationMs: 305000),
                track(service: "target", id: "v1b6KWSig7g", title: "עד הבוקר", artists: ["טונה"], album: "ועכשיו לחלק האינטרגלקטי", durationMs: 165000),
                track(service: "target", id: "DkBnRApWusg", title: "סרט ערבי", artists: ["טונה"], album: "גם זה יעבור", durationMs: 314000),
                track(
                    service: "target", id: "sgjavv60_kY", title: "בור ועם הארץ (feat. טונה)", artists: ["רביד פלוטניק"], album: "בור ועם הארץ",
                    durationMs: 261000),
            ],
            expected: "jz2ZdtIM1Zc", reason: "same album"),
        HardCase(
            id: "hard-31b", category: "remix",
            source: track(service: "spotify", id: "hard-31b-src", title: "Wir sagen danke schön - DAS ORIGINAL", artists: ["Die Flippers"]),
            candidates: [track(service: "target", id: "t1", title: "Wir sagen danke schön (Oktoberfest Mix)", artists: ["Die Flippers"])],
            expected: nil, reason: "another version"),
        HardCase(
            id: "hard-32", category: "romanization", source: track(service: "spotify", id: "hard-32-src", title: "紅蓮華", artists: ["LiSA"]),
            candidates: [track(service: "target", id: "t1", title: "Gurenge", artists: ["LiSA"])],
            expected: "t1", reason: "title in another script"),
        HardCase(
            id: "hard-07", category: "remix", source: track(service: "spotify", id: "hard-07-src", title: "The Night", artists: ["Noisecontrollers"]),
            candidates: [track(service: "target", id: "t1", title: "The Night (Extended Mix)", artists: ["Noisecontrollers"])],
            expected: nil, reason: "another version"),
        HardCase(
            id: "hard-03", category: "version-tag",
            source: track(service: "spotify", id: "hard-03-src", title: "A Horse with No Name - 2006 Remastered Version", artists: ["America"]),
            candidates: [track(service: "target", id: "301027918", title: "A Horse with No Name", artists: ["America"])],
            expected: "301027918", reason: "same title"),
        HardCase(
            id: "hard-19", category: "album-twin",
            source: track(service: "spotify", id: "hard-19-src", title: "Teach Me Tonight", artists: ["Dinah Washington"]),
            candidates: [track(service: "target", id: "t1", title: "Teach Me Tonight", artists: ["Dinah Washington"])],
            expected: "t1", reason: "same title"),
        HardCase(
            id: "hard-37", category: "version-tag",
            source: track(service: "spotify", id: "hard-37-src", title: "Llamando a la tierra (Serenade From the Stars)", artists: []),
            candidates: [track(service: "target", id: "t1", title: "Llamando a la tierra", artists: [])],
            expected: "t1", reason: "same title"),
        HardCase(
            id: "spotdl-2eaSMmKfigsm96aTUJMoIk", category: "spotdl",
            source: track(
                service: "spotify", id: "2eaSMmKfigsm96aTUJMoIk", title: "Чумачечая весна", artists: ["Потап и Настя"], album: "Всё пучком (Deluxe Version)",
                durationMs: 193750, explicit: false),
            candidates: [
                track(service: "target", id: "Bjia3dKZqfo", title: "Чумачечая весна", artists: ["Потап и Настя"], album: "Все пучком", durationMs: 194000),
                track(
                    service: "target", id: "MpeELiD0RrM", title: "Чумачечая весна (Live)", artists: ["Потап и Настя"],
                    album: "Золотые киты - 10 лет (Live in Kiev)", durationMs: 205000),
                track(service: "target", id: "KfAbYmkFT4s", title: "Мы отменяем К.С.", artists: ["Потап и Настя"], album: "Все пучком", durationMs: 197000),
                track(service: "target", id: "ENjODtWd0bs", title: "Все пучком", artists: ["Потап и Настя"], album: "Все пучком", durationMs: 199000),
                track(service: "target", id: "SJMEjxOr_qo", title: "Почему?", artists: ["Потап и Настя"], album: "Не пара (Cut Version)", durationMs: 217000),
                track(service: "target", id: "rcIfm6aKB64", title: "Бумдиггибай", artists: ["Потап и Настя"], album: "Щит", durationMs: 201000),
                track(service: "target", id: "nte9N3Hqhdw", title: "Умамы", artists: ["Потап и Настя"], album: "Умамы", durationMs: 170000),
                track(service: "target", id: "mPAwKjA4wRI", title: "Если вдруг", artists: ["Потап и Настя"], album: "Все пучком", durationMs: 203000),
            ],
            expected: "Bjia3dKZqfo", reason: "same title"),
        HardCase(
            id: "hard-45b", category: "remix", source: track(service: "spotify", id: "hard-45b-src", title: "Go Crazy", artists: ["Chris Brown"]),
            candidates: [
                track(service: "target", id: "t1", title: "Go Crazy (Remix)", artists: ["Chris Brown"]),
                track(service: "target", id: "t2", title: "Go Crazy", artists: ["Chris Brown"]),
            ],
            expected: "t2", reason: "same title"),
        HardCase(
            id: "hard-29", category: "same-artist-other-song",
            source: track(service: "spotify", id: "hard-29-src", title: "Tequila (Original)", artists: ["The Champs"]),
            candidates: [track(service: "target", id: "t1", title: "Too Much Tequila", artists: [])],
            expected: nil, reason: "another title"),
        HardCase(
            id: "hard-43", category: "explicit-clean",
            source: track(service: "spotify", id: "hard-43-src", title: "Power", artists: ["Kanye West"], explicit: true),
            candidates: [
                track(service: "target", id: "t1", title: "Power", artists: ["Kanye West"], explicit: false),
                track(service: "target", id: "t2", title: "Power", artists: ["Kanye West"], explicit: true),
            ],
            expected: "t2", reason: "same title"),
        HardCase(
            id: "spotdl-02WuyBR56QN3B6ZC0BeC3f", category: "spotdl",
            source: track(
                service: "spotify", id: "02WuyBR56QN3B6ZC0BeC3f", title: "מיליון דולר", artists: ["Noa Kirel", "שחר סאול"], album: "מיליון דולר",
                durationMs: 173400, explicit: false),
            candidates: [
                track(
                    service: "target", id: "lFMoDtmus8s", title: "מיליון דולר (feat. Shahar Saul)", artists: ["Noa Kirel"], album: "מיליון דולר",
                    durationMs: 174000), track(service: "target", id: "EngnRnzLf0k", title: "Million Dollar", artists: ["Dream Escape"], durationMs: 184000),
                track(
                    service: "target", id: "Z0BytfZGHk8", title: "מליון דולר",
                    artists: ["פרויקט שרים קריוקי  - Sharim Karaoke Project מארחים את עידן שרון - Idan Sharon"], durationMs: 168000),
                track(
                    service: "target", id: "A4bCfwMw9uw", title: "מיליון דולר (גרסת רגאיי) (feat. Osher Scortzaru)", artists: ["Songs I Changed - Yann Selka"],
                    durationMs: 102000),
                track(
                    service: "target", id: "rl4wyWVe78M", title: "מיליון דולר (Itay Galo Remix) (feat. Shahar Saul)", artists: ["Noa Kirel", "Itay Galo"],
                    album: "מיליון דולר (Itay Galo Remix)", durationMs: 256000),
                track(
                    service: "target", id: "9YaZu9g4x4A", title: "יהלומים & מיליון דולר", artists: ["Noa Kirel"], album: "אלבום הסרט Sky High פסטיגל",
                    durationMs: 143000),
                track(
                    service: "target", id: "kkd7Z-ut8Rs",
                    title: "מחרוזת - קילר + יהלומים + פאוץ' + מיליון דולר + דראמס + מאושרים + טרילילי טרללה (עם נועה קירל)", artists: ["משתתפי הפסטיגל"],
                    album: "פסטיגל Sky High - אלבום המופע", durationMs: 528000),
                track(
                    service: "target", id: "TwZP2BErikM", title: "Thought About That", artists: ["Noa Kirel"], album: "Thought About That", durationMs: 200000),
            ],
            expected: "lFMoDtmus8s", reason: "same title"),
        HardCase(
            id: "hard-05", category: "same-artist-other-song",
            source: track(service: "spotify", id: "hard-05-src", title: "Alles ist weg", artists: ["Frei.Wild"]),
            candidates: [track(service: "target", id: "t1", title: "Alles, alles was mir …", artists: [])],
            expected: nil, reason: "another title"),
        HardCase(
            id: "hard-04", category: "version-tag",
            source: track(service: "spotify", id: "hard-04-src", title: "Stand Strong (Q-BASE 2017 Hangar OST)", artists: ["Sub Zero Project"]),
            candidates: [
                track(service: "target", id: "t1", title: "Salute (Q-Base 2018 Hangar Ost)", artists: ["E-Force"]),
                track(service: "target", id: "t2", title: "Stand Strong (feat. Meccah Dawn)", artists: ["Sub Zero Project"]),
            ],
            expected: "t2", reason: "same title"),
        HardCase(
            id: "spotdl-6kUB88CQG4dAOkUmURwBLA", category: "spotdl",
            source: track(
                service: "spotify", id: "6kUB88CQG4dAOkUmURwBLA", title: "Twinbow", artists: ["Slushii", "Marshmello"], album: "Twinbow", durationMs: 166285,
                explicit: false),
            candidates: [
                track(service: "target", id: "_IS-Tvbvjn0", title: "Twinbow", artists: ["Marshmello", "Slushii"], album: "Twinbow", durationMs: 168000),
                track(service: "target", id: "C9edUUM61xg", title: "Twinbow", artists: ["Slushii", "Marshmello"], album: "Twinbow", durationMs: 156000),
                track(
                    service: "target", id: "NNxv-A1kcHg", title: "Twinbow (Jauz Remix)", artists: ["Slushii", "Marshmello"], album: "Twinbow (Jauz Remix)",
                    durationMs: 253000),
                track(service: "target", id: "pNi4ef9eW-U", title: "Marshmallow Bowtie", artists: ["B L O O P R"], album: "Cold Fish", durationMs: 108000),
                track(service: "target", id: "e-DA1F6onZY", title: "Twinbow (Remix)", artists: ["Ctrlcv"], album: "Love for Marshmello", durationMs: 136000),
                track(service: "target", id: "HZmekMzgHSg", title: "Fly High", artists: ["Slushii"], album: "Out of Light", durationMs: 242000),
                track(service: "target", id: "tPfkJsQx8js", title: "All Night Long", artists: ["Slushii"], album: "All Night Long", durationMs: 202000),
                track(
                    service: "target", id: "5XuFNIExhf8", title: "Chasing Colors (Remix)", artists: ["Ctrlcv"], album: "Love for Marshmello", durationMs: 202000
                ),
            ],
            expected: "_IS-Tvbvjn0", reason: "same title"),
        HardCase(
            id: "hard-31a", category: "remix", source: track(service: "spotify", id: "hard-31a-src", title: "7 Sünden - Party Mix", artists: ["DJ Ötzi"]),
            candidates: [track(service: "target", id: "t1", title: "7 Sünden (Xtreme Sound Remix 2019)", artists: ["DJ Ötzi"])],
            expected: nil, reason: "another version"),
        HardCase(
            id: "hard-11", category: "feat", source: track(service: "spotify", id: "hard-11-src", title: "Hard Bass", artists: ["Zatox"]),
            candidates: [track(service: "target", id: "t1", title: "Hard Bass", artists: ["Tatanka, Zatox & Wild Motherfuckers"])],
            expected: "t1", reason: "same title"),
        HardCase(
            id: "spotdl-4n7jnSxVLd8QioibtTDBDq", category: "spotdl",
            source: track(
                service: "spotify", id: "4n7jnSxVLd8QioibtTDBDq", title: "On My Way", artists: ["Alan Walker", "Sabrina Carpenter", "Farruko"],
                album: "On My Way", durationMs: 193797, explicit: true),
            candidates: [
                track(
                    service: "target", id: "ZM8rAsTT7yE", title: "On My Way", artists: ["Sabrina Carpenter", "Farruko", "Alan Walker"],
                    album: "World Of Walker", durationMs: 194000),
                track(
                    service: "target", id: "NKMfIXG9X6E", title: "On My Way (Da Tweekaz Remix)", artists: ["Alan Walker", "Sabrina Carpenter", "Farruko"],
                    album: "On My Way (Da Tweekaz Remix)", durationMs: 205000),
                track(
                    service: "target", id: "VDEirgfToZ0", title: "On My Way (Slowed Remix)", artists: ["Alan Walker", "Sabrina Carpenter", "Farruko"],
                    album: "Slowed", durationMs: 219000),
                track(service: "target", id: "DVIjluxo0pI", title: "On My Way", artists: ["J.Fla"], album: "Memories", durationMs: 159000),
                track(service: "target", id: "pIWaVJPl0-c", title: "Faded", artists: ["Alan Walker"], album: "Different World", durationMs: 213000),
                track(
                    service: "target", id: "83wPZKCdy2E", title: "On My Way (Alan Walker)", artists: ["Rousseau"], album: "On My Way (Alan Walker)",
                    durationMs: 290000),
                track(
                    service: "target", id: "apqXanAIngA", title: "On My Way (Alan Walker, Sabrina Carpenter & Farruko Cover Mix)", artists: ["Maxence Luchi"],
                    album: "On My Way", durationMs: 197000),
                track(
                    service: "target", id: "t2R_24Z7KuM", title: "On My Way (Alan Walker, Sabrina Carpenter)", artists: ["Josephine Alexandra"],
                    album: "On My Way (Alan Walker, Sabrina Carpenter)", durationMs: 220000),
            ],
            expected: "ZM8rAsTT7yE", reason: "same title"),
        HardCase(
            id: "hard-55", category: "romanization", source: track(service: "spotify", id: "hard-55-src", title: "ちゅ、多様性。", artists: ["ano"]),
            candidates: [track(service: "target", id: "t1", title: "Chu,Tayousei.", artists: ["ano"])],
            expected: "t1", reason: "title in another script"),
        HardCase(
            id: "hard-13", category: "punctuation", source: track(service: "spotify", id: "hard-13-src", title: "I'll Be There", artists: ["The Jackson 5"]),
            candidates: [track(service: "target", id: "t1", title: "I'll Be There", artists: ["Jackson 5"])],
            expected: "t1", reason: "same title"),
        HardCase(
            id: "hard-36", category: "version-tag",
            source: track(service: "spotify", id: "hard-36-src", title: "Champagne Supernova (OurVinyl Sessions)", artists: []),
            candidates: [track(service: "target", id: "t1", title: "Champagne Supernova", artists: [], album: "… (OurVinyl Sessions)")],
            expected: "t1", reason: "same title"),
        HardCase(
            id: "hard-f4", category: "absent",
            source: track(service: "spotify", id: "hard-f4-src", title: "I Left My Heart in San Francisco", artists: ["Jim Jensen"]),
            candidates: [track(service: "target", id: "t1", title: "San Francisco", artists: ["Ge & Luke"])],
            expected: nil, reason: "another title"),
    ]

    @Test(arguments: cases)
    func decides(_ hard: HardCase) {
        let result = CandidatePicker().pick(hard.source, from: hard.candidates)
        let decided = result.isMatched ? result.track?.id : nil
        #expect(decided == hard.expected)
        let reasons = result.reasons.joined(separator: "; ")
        #expect(reasons.contains(hard.reason), "reasons: \(reasons)")
    }

    @Test func coversEnoughCases() {
        #expect(Self.cases.count >= 35)
        #expect(Self.cases.filter { $0.expected == nil }.count >= 15)
    }
}
