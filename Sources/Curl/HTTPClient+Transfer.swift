import CCurl

extension HTTPClient {
    /// One request on its own easy handle: the options, the buffers the callbacks fill, the header list.
    final class Transfer {
        let easy: UnsafeMutableRawPointer
        private let request: HTTPRequest
        private var headerList: UnsafeMutablePointer<curl_slist>?
        /// A mail's envelope recipients and the part of its message not yet handed to libcurl.
        private var recipientList: UnsafeMutablePointer<curl_slist>?
        private var upload: ArraySlice<UInt8> = []
        private var isMail = false
        private var body: [UInt8] = []
        private var headers: [(name: String, value: String)] = []
        private var overLimit = false
        private let completion: (Result<HTTPResponse, HTTPError>) -> Void

        init(_ request: HTTPRequest, userAgent: String, completion: @escaping (Result<HTTPResponse, HTTPError>) -> Void) throws(HTTPError) {
            guard let easy = curl_easy_init() else { throw .failed("libcurl could not make a request handle") }
            self.easy = easy
            self.request = request
            self.completion = completion
            try configure(userAgent: userAgent)
        }

        /// A mail to submit; its completion has the server's last reply code as the status.
        init(_ mail: MailRequest, userAgent: String, completion: @escaping (Result<HTTPResponse, HTTPError>) -> Void) throws(HTTPError) {
            guard let easy = curl_easy_init() else { throw .failed("libcurl could not make a request handle") }
            self.easy = easy
            var request = HTTPRequest(method: "MAIL", url: mail.url)
            request.timeoutMilliseconds = mail.timeoutMilliseconds
            self.request = request
            self.completion = completion
            isMail = true
            upload = mail.message[...]
            try configure(mail)
        }

        deinit {
            curl_easy_cleanup(easy)
            curl_slist_free_all(headerList)
            curl_slist_free_all(recipientList)
        }

        private func configure(_ mail: MailRequest) throws(HTTPError) {
            var failed = false
            func check(_ code: CURLcode) { if code != CURLE_OK { failed = true } }
            check(medd_curl_setopt_string(easy, CURLOPT_URL, mail.url))
            check(medd_curl_setopt_string(easy, CURLOPT_PROTOCOLS_STR, "smtp,smtps"))
            check(medd_curl_setopt_long(easy, CURLOPT_NOSIGNAL, 1))
            check(medd_curl_setopt_long(easy, CURLOPT_TIMEOUT_MS, mail.timeoutMilliseconds))
            check(medd_curl_setopt_long(easy, CURLOPT_CONNECTTIMEOUT_MS, min(mail.timeoutMilliseconds, 10_000)))
            check(medd_curl_setopt_long(easy, CURLOPT_USE_SSL, mail.requiresTLS ? Int(CURLUSESSL_ALL.rawValue) : Int(CURLUSESSL_NONE.rawValue)))
            check(medd_curl_setopt_string(easy, CURLOPT_MAIL_FROM, "<\(mail.from)>"))
            for recipient in mail.recipients { recipientList = curl_slist_append(recipientList, "<\(recipient)>") }
            check(medd_curl_setopt_list(easy, CURLOPT_MAIL_RCPT, recipientList))
            if let username = mail.username, let password = mail.password {
                check(medd_curl_setopt_string(easy, CURLOPT_USERNAME, username))
                check(medd_curl_setopt_string(easy, CURLOPT_PASSWORD, password))
            }
            if let caFile = mail.caFile { check(medd_curl_setopt_string(easy, CURLOPT_CAINFO, caFile)) }
            check(medd_curl_setopt_long(easy, CURLOPT_UPLOAD, 1))
            check(medd_curl_setopt_off(easy, CURLOPT_INFILESIZE_LARGE, curl_off_t(mail.message.count)))
            let me = Unmanaged.passUnretained(self).toOpaque()
            check(medd_curl_setopt_pointer(easy, CURLOPT_READDATA, me))
            check(medd_curl_setopt_data_callback(easy, CURLOPT_READFUNCTION) { buffer, size, count, userdata in
                Unmanaged<Transfer>.fromOpaque(userdata!).takeUnretainedValue().send(into: buffer, capacity: size * count)
            })
            if failed { throw .failed("libcurl refused an option of the mail to \(mail.url)") }
        }

        /// The next part of the mail's message, as much as fits.
        private func send(into buffer: UnsafeMutablePointer<CChar>?, capacity: Int) -> Int {
            guard let buffer else { return 0 }
            let count = min(capacity, upload.count)
            upload.prefix(count).withUnsafeBytes { bytes in
                UnsafeMutableRawPointer(buffer).copyMemory(from: bytes.baseAddress!, byteCount: count)
            }
            upload = upload.dropFirst(count)
            return count
        }

        private func configure(userAgent: String) throws(HTTPError) {
            var failed = false
            func check(_ code: CURLcode) { if code != CURLE_OK { failed = true } }
            check(medd_curl_setopt_string(easy, CURLOPT_URL, request.url))
            check(medd_curl_setopt_string(easy, CURLOPT_PROTOCOLS_STR, "http,https"))
            check(medd_curl_setopt_long(easy, CURLOPT_FOLLOWLOCATION, 0))
            check(medd_curl_setopt_long(easy, CURLOPT_NOSIGNAL, 1))
            check(medd_curl_setopt_string(easy, CURLOPT_CUSTOMREQUEST, request.method))
            check(medd_curl_setopt_string(easy, CURLOPT_USERAGENT, userAgent))
            check(medd_curl_setopt_long(easy, CURLOPT_TIMEOUT_MS, request.timeoutMilliseconds))
            check(medd_curl_setopt_long(easy, CURLOPT_CONNECTTIMEOUT_MS, min(request.timeoutMilliseconds, 10_000)))
            check(medd_curl_setopt_off(easy, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(request.responseLimit)))
            if let username = request.username, let password = request.password, !request.authentication.isEmpty {
                check(medd_curl_setopt_long(easy, CURLOPT_HTTPAUTH, Self.curlMask(request.authentication)))
                check(medd_curl_setopt_string(easy, CURLOPT_USERNAME, username))
                check(medd_curl_setopt_string(easy, CURLOPT_PASSWORD, password))
            }
            if let caFile = request.caFile { check(medd_curl_setopt_string(easy, CURLOPT_CAINFO, caFile)) }
            if !request.body.isEmpty || ["PUT", "POST", "REPORT", "PROPFIND"].contains(request.method) {
                check(medd_curl_setopt_off(easy, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(request.body.count)))
                check(request.body.withUnsafeBufferPointer {
                    medd_curl_setopt_pointer(easy, CURLOPT_COPYPOSTFIELDS, UnsafeMutableRawPointer(mutating: $0.baseAddress ?? UnsafePointer(bitPattern: 1)!))
                })
            }
            // No "Expect: 100-continue" round trip, and no form content type for a body: each request names its own.
            for header in request.headers + [(name: "Expect", value: "")] {
                headerList = curl_slist_append(headerList, "\(header.name): \(header.value)")
            }
            check(medd_curl_setopt_list(easy, CURLOPT_HTTPHEADER, headerList))
            let me = Unmanaged.passUnretained(self).toOpaque()
            check(medd_curl_setopt_pointer(easy, CURLOPT_WRITEDATA, me))
            check(medd_curl_setopt_data_callback(easy, CURLOPT_WRITEFUNCTION) { data, size, count, userdata in
                Unmanaged<Transfer>.fromOpaque(userdata!).takeUnretainedValue().receive(UnsafeRawBufferPointer(start: data, count: size * count))
            })
            check(medd_curl_setopt_pointer(easy, CURLOPT_HEADERDATA, me))
            check(medd_curl_setopt_data_callback(easy, CURLOPT_HEADERFUNCTION) { data, size, count, userdata in
                Unmanaged<Transfer>.fromOpaque(userdata!).takeUnretainedValue().receiveHeader(UnsafeRawBufferPointer(start: data, count: size * count))
            })
            if failed { throw .failed("libcurl refused an option of the request to \(request.url)") }
        }

        private func receive(_ bytes: UnsafeRawBufferPointer) -> Int {
            guard body.count + bytes.count <= request.responseLimit else {
                overLimit = true
                return 0
            }
            body.append(contentsOf: bytes)
            return bytes.count
        }

        /// One header line; a status line starts the headers of another response (after a 100 or a 401 retry).
        private func receiveHeader(_ bytes: UnsafeRawBufferPointer) -> Int {
            let line = String(decoding: bytes, as: UTF8.self)
            if line.hasPrefix("HTTP/") {
                headers.removeAll()
            } else if let colon = line.firstIndex(of: ":") {
                let name = line[..<colon].lowercased()
                let value = line[line.index(after: colon)...].trimmingCharacters(in: " \t\r\n")
                if headers.count < 200 { headers.append((name, value)) }
            }
            return bytes.count
        }

        func detach(from multi: UnsafeMutableRawPointer) {
            curl_multi_remove_handle(multi, easy)
        }

        func complete(_ result: CURLcode) {
            if result == CURLE_OK {
                var status = 0
                medd_curl_getinfo_long(easy, CURLINFO_RESPONSE_CODE, &status)
                var offered = 0
                medd_curl_getinfo_long(easy, CURLINFO_HTTPAUTH_AVAIL, &offered)
                return completion(.success(HTTPResponse(status: status, headers: headers, body: body,
                                                        offeredAuthentication: Self.authentication(curlMask: offered))))
            }
            completion(.failure(error(for: result)))
        }

        /// libcurl's `CURLAUTH_*` bits for these schemes.
        private static func curlMask(_ schemes: HTTPAuthentication) -> Int {
            (schemes.contains(.basic) ? medd_curl_auth_basic() : 0) | (schemes.contains(.digest) ? medd_curl_auth_digest() : 0)
        }

        /// The schemes among libcurl's `CURLAUTH_*` bits (others, such as NTLM, are left out).
        private static func authentication(curlMask mask: Int) -> HTTPAuthentication {
            var schemes: HTTPAuthentication = []
            if mask & medd_curl_auth_basic() != 0 { schemes.insert(.basic) }
            if mask & medd_curl_auth_digest() != 0 { schemes.insert(.digest) }
            return schemes
        }

        private func error(for result: CURLcode) -> HTTPError {
            let words = String(cString: curl_easy_strerror(result))
            var reply = 0
            medd_curl_getinfo_long(easy, CURLINFO_RESPONSE_CODE, &reply)
            if isMail, reply >= 400 { return .refused(code: reply, words) }
            switch result {
            case CURLE_OPERATION_TIMEDOUT: return .timedOut(milliseconds: request.timeoutMilliseconds)
            case CURLE_WRITE_ERROR where overLimit, CURLE_FILESIZE_EXCEEDED: return .responseTooLarge(limit: request.responseLimit)
            case CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CACERT_BADFILE, CURLE_SSL_CERTPROBLEM:
                return .certificate(words)
            case CURLE_COULDNT_CONNECT, CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY, CURLE_RECV_ERROR, CURLE_SEND_ERROR,
                 CURLE_GOT_NOTHING:
                return .unreachable(words)
            default: return .failed(words)
            }
        }
    }
}

extension StringProtocol {
    /// The text without these characters at either end.
    func trimmingCharacters(in set: String) -> String {
        var slice = Substring(self)
        while let first = slice.first, set.contains(first) { slice = slice.dropFirst() }
        while let last = slice.last, set.contains(last) { slice = slice.dropLast() }
        return String(slice)
    }
}
