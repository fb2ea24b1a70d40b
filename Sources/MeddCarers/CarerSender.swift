public import Curl
public import MeddCore
public import MeddSync
public import Systemd

/// Sends one delivery on its channel, on the loop: mail through libcurl's SMTP to `[mail]`'s server, an
/// ntfy publish (POST to the topic, title and priority in headers, the token as a bearer), or the
/// carer's `command` with the message in `MEDD_CARER_*` variables. The completion says what went wrong
/// in words that never hold a password or token.
public final class CarerSender: @unchecked Sendable {
    // @unchecked: confined to the loop's thread.
    public struct Secrets {
        /// `[mail]`'s password, read when the first mail goes (a `password_command` runs on the loop).
        public var mailPassword: PasswordReader?
        /// Each carer's ntfy token, read from its `token_file`.
        public var ntfyTokens: [String: String]

        public init(mailPassword: PasswordReader? = nil, ntfyTokens: [String: String] = [:]) {
            self.mailPassword = mailPassword
            self.ntfyTokens = ntfyTokens
        }
    }

    private let loop: EventLoop
    private let http: HTTPClient
    private let mail: MailSettings?
    private let secrets: Secrets
    private let zone: ZoneRules
    private let baseEnvironment: [String]

    /// How long a request or a command may take.
    public static let timeout = TimeSpan(seconds: 30)

    public init(loop: EventLoop, http: HTTPClient, mail: MailSettings?, secrets: Secrets, zone: ZoneRules, baseEnvironment: [String]) {
        self.loop = loop
        self.http = http
        self.mail = mail
        self.secrets = secrets
        self.zone = zone
        self.baseEnvironment = baseEnvironment
    }

    public func send(_ delivery: CarerOutbox.Delivery, to carer: Carer, at now: Instant, _ completion: @escaping (Result<Void, SendFailure>) -> Void) {
        switch delivery.channel {
        case .email: sendMail(delivery, to: carer, at: now, completion)
        case .ntfy: publish(delivery, to: carer, completion)
        case .command: run(delivery, for: carer, completion)
        }
    }

    /// Why a delivery did not go out.
    public struct SendFailure: Error, Hashable, Sendable, CustomStringConvertible {
        public var description: String
        /// Trying again cannot help (a configuration that lost its channel).
        public var permanent = false

        init(_ description: String, permanent: Bool = false) {
            self.description = description
            self.permanent = permanent
        }
    }

    private func sendMail(_ delivery: CarerOutbox.Delivery, to carer: Carer, at now: Instant,
                          _ completion: @escaping (Result<Void, SendFailure>) -> Void) {
        guard let mail, let address = carer.email else { return completion(.failure(SendFailure("no [mail] or email to send to", permanent: true))) }
        let bytes = MailMessage.bytes(from: mail.from, name: mail.fromName, to: address, subject: delivery.title, body: delivery.body,
                                      reference: delivery.reference, date: now, zone: zone)
        var request = MailRequest(url: mail.url.description, from: mail.from.description, recipients: [address.description], message: bytes)
        request.username = mail.username
        request.requiresTLS = mail.requiresTLS
        request.timeoutMilliseconds = Int(Self.timeout.seconds) * 1000
        let submit = { [http, request, secrets] (password: String?) in
            var request = request
            request.password = password
            http.send(mail: request) { result in
                switch result {
                case .success: completion(.success(()))
                case .failure(let error):
                    // A login the server refused: the password is read again for the next attempt.
                    if case .refused(let code, _) = error, code == 535 || code == 530 { secrets.mailPassword?.forget() }
                    completion(.failure(SendFailure("mail to \(address) through \(mail.url): \(error)")))
                }
            }
        }
        guard let reader = secrets.mailPassword else { return submit(nil) }
        reader.read { result in
            switch result {
            case .success(let password): submit(password)
            case .failure(let error): completion(.failure(SendFailure("mail through \(mail.url): cannot read the password: \(error)")))
            }
        }
    }

    private func publish(_ delivery: CarerOutbox.Delivery, to carer: Carer, _ completion: @escaping (Result<Void, SendFailure>) -> Void) {
        guard let ntfy = carer.ntfy else { return completion(.failure(SendFailure("no ntfy topic", permanent: true))) }
        var headers: [(name: String, value: String)] = [
            ("Title", MailMessage.encodedWord(delivery.title).replacingText("\r\n ", with: " ")),
            ("Priority", delivery.kind == .missed ? "high" : delivery.kind == .summary ? "low" : "default"),
            ("Tags", Self.tags(delivery.kind)),
            ("Content-Type", "text/plain; charset=utf-8"),
            ("X-Sequence-ID", delivery.reference),
        ]
        if let token = secrets.ntfyTokens[carer.id] { headers.append(("Authorization", "Bearer \(token)")) }
        var request = HTTPRequest(method: "POST", url: ntfy.url.description, headers: headers, body: Array(delivery.body.utf8))
        request.timeoutMilliseconds = Int(Self.timeout.seconds) * 1000
        http.send(request) { result in
            switch result {
            case .success(let response) where response.succeeded:
                completion(.success(()))
            case .success(let response):
                let why = response.status == 401 || response.status == 403
                    ? "the topic refused the token (\(response.status)); check token_file" : "HTTP \(response.status)"
                completion(.failure(SendFailure("ntfy \(ntfy.url): \(why)")))
            case .failure(let error):
                completion(.failure(SendFailure("ntfy \(ntfy.url): \(error)")))
            }
        }
    }

    /// ntfy's tags: an emoji each, named as ntfy names them.
    static func tags(_ kind: CarerMessage.Kind) -> String {
        switch kind {
        case .overdue: "hourglass_flowing_sand,pill"
        case .missed: "warning,pill"
        case .allClear: "white_check_mark"
        case .summary: "clipboard"
        case .test: "test_tube"
        }
    }

    private func run(_ delivery: CarerOutbox.Delivery, for carer: Carer, _ completion: @escaping (Result<Void, SendFailure>) -> Void) {
        guard let argv = carer.command, !argv.isEmpty else { return completion(.failure(SendFailure("no command", permanent: true))) }
        let fields = [
            ("MEDD_CARER_ID", carer.id), ("MEDD_CARER_NAME", carer.name ?? carer.id), ("MEDD_CARER_KIND", delivery.kind.rawValue),
            ("MEDD_CARER_TITLE", delivery.title), ("MEDD_CARER_MESSAGE", delivery.body), ("MEDD_CARER_REFERENCE", delivery.reference),
        ] + (carer.email.map { [("MEDD_CARER_EMAIL", $0.description)] } ?? [])
        do {
            _ = try LoopCommand(argv, environment: baseEnvironment + fields.map { "\($0.0)=\($0.1)" }, on: loop, outputLimit: 2048,
                                timeoutUsec: UInt64(Self.timeout.seconds) * 1_000_000) { outcome in
                completion(Self.result(of: outcome))
            }
        } catch {
            completion(.failure(SendFailure("\(argv[0]): \(error)")))
        }
    }

    /// A command's end, with the last line it wrote when it failed.
    private static func result(of outcome: LoopCommand.Outcome) -> Result<Void, SendFailure> {
        let how: String
        switch outcome.ending {
        case .exited(0): return .success(())
        case .exited(let status): how = "exited with status \(status)"
        case .signalled(let signal): how = "was killed by signal \(signal)"
        case .timedOut: how = "gave no answer within \(timeout.seconds) s and was stopped"
        }
        let said = String(decoding: outcome.output, as: UTF8.self).split(whereSeparator: \.isNewline).last.map { ": \($0)" } ?? ""
        return .failure(SendFailure("the command \(how)\(said)"))
    }
}
